"""The Binh table file: one format (the Binh ranks only), read back exactly, anything else refused."""

from __future__ import annotations

import io

import numpy as np
import pytest

from pokercore import BINH_RANK_OFFSET
from pokercore.binh._tables import FILE_COLUMNS, TABLE_LEN, SelfPlayTables, default_tables
from pokercore.errors import PokercoreValueError


def _file(**arrays) -> io.BytesIO:
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    buf.seek(0)
    return buf


def test_save_writes_the_binh_ranks_only_and_load_reads_them_back():
    t = default_tables()
    buf = io.BytesIO()
    t.save(buf)
    buf.seek(0)
    with np.load(buf) as z:
        assert z["pmf"].shape == (3, FILE_COLUMNS) == (3, TABLE_LEN - BINH_RANK_OFFSET)
    buf.seek(0)
    back = SelfPlayTables.load(buf)
    assert back.pmf.shape == (3, TABLE_LEN) and back.meta == t.meta
    assert np.array_equal(back.pmf, t.pmf)      # the shipped tables are float32 values: no loss


@pytest.mark.parametrize("shape", [(3, TABLE_LEN), (3, FILE_COLUMNS - 1), (2, FILE_COLUMNS), (FILE_COLUMNS,)])
def test_other_shapes_are_refused_with_the_expected_one(shape):
    pmf = np.zeros(shape, dtype=np.float32)
    pmf[..., -1] = 1.0
    with pytest.raises(PokercoreValueError, match=rf"a table file has \(3, {FILE_COLUMNS}\).*SelfPlayTables.save"):
        SelfPlayTables.load(_file(pmf=pmf, meta=np.array("{}")))


def test_a_file_without_the_tables_is_refused():
    with pytest.raises(PokercoreValueError, match=r"is not a table file \(it needs 'pmf' and 'meta'\)"):
        SelfPlayTables.load(_file(values=np.zeros(3)))


def test_weight_below_the_binh_ranks_is_refused():
    pmf = np.zeros((3, TABLE_LEN))
    pmf[:, 5] = 1.0
    with pytest.raises(PokercoreValueError, match="no Binh rank"):
        SelfPlayTables(pmf)
