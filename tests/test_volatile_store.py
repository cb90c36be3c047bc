"""Volatile stores (issue 43): each is an observable event (its object, byte offset and
value), so a target that stores more, fewer or other values is refuted; the model
keeps them out of memory, so a function that also reads or writes that object with
plain accesses is unknown, naming the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import MODELS, cli

SCALAR = MODELS / "llvm" / "volatile_store.scalar.ll"
STORE = "  store volatile i32 %10, ptr %0, align 4, !tbaa !5\n"


def _edited(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = SCALAR.read_text()
    assert old in text
    out = tmp_path / f"{name}.ll"
    out.write_text(text.replace(old, new))
    return out


def test_the_same_stores_computed_another_way_are_proved_where_the_port_is_apart(tmp_path: Path) -> None:
    # the port (%0, not noalias) may be a cell of a (%1), which the loop then reads:
    # the events-only reading covers only a port apart from a, a named assumption
    same = _edited(tmp_path, "same", STORE, "  %v = or i32 %10, 0\n" + STORE.replace("i32 %10", "i32 %v"))
    r = cli("equiv", str(SCALAR), str(same))
    assert r.returncode == 3 and "--assume volatile-apart accepts the proof" in r.stdout, r.stdout
    r = cli("equiv", str(SCALAR), str(same), "--assume", "volatile-apart")
    assert r.returncode == 0 and "proved" in r.stdout and "volatile-apart" in r.stdout, r.stdout
    # restrict (noalias) on the port: apart by LLVM's own rule
    sig = "ptr noundef %0,"
    assert SCALAR.read_text().count(sig) == 1
    src, tgt = tmp_path / "src.ll", tmp_path / "tgt.ll"
    src.write_text(SCALAR.read_text().replace(sig, "ptr noalias noundef %0,"))
    tgt.write_text(same.read_text().replace(sig, "ptr noalias noundef %0,"))
    r = cli("equiv", str(src), str(tgt))
    assert r.returncode == 0 and "proved" in r.stdout, r.stdout


@pytest.mark.parametrize(("name", "edit", "event"), [
    ("early", lambda t: t.replace(STORE, "").replace("  %11 = icmp eq i32 %10, 0\n",
                                                     STORE + "  %11 = icmp eq i32 %10, 0\n"),
     "target volatile.store.i32"),  # also stores the 0 it exits on
    ("dropped", lambda t: t.replace(STORE, ""), "target (ends)"),
    ("other", lambda t: t.replace(STORE, STORE.replace("i32 %10", "i32 1")), "volatile.store.i32"),
])
def test_a_target_storing_more_fewer_or_other_values_is_refuted(tmp_path: Path, name: str, edit: object,
                                                                  event: str) -> None:
    target = tmp_path / f"{name}.ll"
    target.write_text(edit(SCALAR.read_text()))  # type: ignore[operator]
    r = cli("equiv", str(SCALAR), str(target))
    assert r.returncode == 1 and "trace differs" in r.stdout and event in r.stdout, r.stdout


def test_a_volatile_store_to_an_object_plain_accesses_also_touch_is_named(tmp_path: Path) -> None:
    mixed = _edited(tmp_path, "mixed", STORE, STORE + "  %p = load i32, ptr %0, align 4\n")
    r = cli("check", str(mixed), "--check", "speculate")
    assert r.returncode == 3 and "a volatile store to %0, which plain loads or stores also access" in r.stdout


def test_speculating_the_exit_test_past_a_volatile_store_is_refuted_where_a_load_is() -> None:
    r = cli("check", str(SCALAR), "--check", "speculate", "--no-repair")
    assert r.returncode == 1 and "out of bounds" in r.stdout, r.stdout
