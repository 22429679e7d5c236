"""The desktop game (pygame-ce): scenes, table view, overlays, input modes. The only package
that imports pygame or pymunk; it reads the game state and submits actions, nothing more."""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
