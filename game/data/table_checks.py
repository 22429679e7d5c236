"""Checks that rects, circles and points given in a data file lie on the table."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import Issue

EPS = 1e-9


def fmt_num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def fmt_list(values: Iterable[float]) -> str:
    return "[" + ", ".join(fmt_num(v) for v in values) + "]"


def rect_inside(rect: tuple, width: float, height: float) -> bool:
    x, y, w, h = rect
    return x >= -EPS and y >= -EPS and x + w <= width + EPS and y + h <= height + EPS


def point_inside(point: tuple, width: float, height: float) -> bool:
    x, y = point
    return -EPS <= x <= width + EPS and -EPS <= y <= height + EPS


def rect_issue(path: tuple, rect: tuple, width: float, height: float) -> Issue | None:
    if rect_inside(rect, width, height):
        return None
    return Issue(path, f"rect {fmt_list(rect)} goes outside the "
                       f"{fmt_num(width)} x {fmt_num(height)} table")


def circle_issue(path: tuple, circle: tuple, width: float, height: float) -> Issue | None:
    x, y, r = circle
    if rect_inside((x - r, y - r, 2 * r, 2 * r), width, height):
        return None
    return Issue(path, f"circle {fmt_list(circle)} goes outside the "
                       f"{fmt_num(width)} x {fmt_num(height)} table")


def point_issue(path: tuple, point: tuple, width: float, height: float) -> Issue | None:
    if point_inside(point, width, height):
        return None
    return Issue(path, f"point {fmt_list(point)} is off the "
                       f"{fmt_num(width)} x {fmt_num(height)} table")
