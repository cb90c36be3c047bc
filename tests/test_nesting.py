"""frontend/nesting.py: where brackets first nest past a limit, with the brackets in
comments and strings not counted (so a real file is never refused for them)."""

from __future__ import annotations

from verifier.frontend.nesting import too_deep


def _toml(text: str, limit: int = 2) -> tuple[int, int] | None:
    return too_deep(text, limit, "[{", "]}", "#", "\"'", escapes=True, triple=True)


def _ll(text: str, limit: int = 2) -> tuple[int, int] | None:
    return too_deep(text, limit, "([{<", ")]}>", ";", '"')


def test_the_first_bracket_past_the_limit_is_found_at_its_line_and_column() -> None:
    assert _toml("a = 1\nb = [[[1]]]\n") == (2, 7)
    assert _toml("b = [{x = [1]}]\n") == (1, 11)
    assert _ll("%t = type { <2 x [2 x i8]> }\n") == (1, 18)


def test_brackets_that_close_do_not_add_up() -> None:
    assert _toml("a = [[1], [2], [[3]]]", limit=3) is None
    assert _ll("call void @f(<2 x i8> <i8 1, i8 2>, [2 x i8] [i8 1, i8 2])") is None


def test_comments_and_strings_are_not_counted() -> None:
    assert _toml('# [[[[\nname = "[[[[ \\" [[["\nv = \'[[[[\'\n') is None
    assert _toml('n = """\n[[[[\n"""\nv = [[[1]]]\n') == (4, 7)  # a string over lines keeps the count
    assert _ll('; (((((\n@s = constant [4 x i8] c"((((\\22"\n') is None
