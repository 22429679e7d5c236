"""Table geometry for Escarmouche: bases, terrain, sight and movement (mm).

Pure shapely/numpy; never imports pygame or pymunk.
"""

from .paths import PathCheck
from .shapes import Base, Terrain
from .sight import Sight
from .table import Table
from .units import MM_PER_UNIT, from_mm, to_mm

__all__ = ["Base", "MM_PER_UNIT", "PathCheck", "Sight", "Table", "Terrain", "from_mm", "to_mm"]
