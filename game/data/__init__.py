"""Data layer: YAML scenario, roster and catalogue files, validated per ruleset.

Public API::

    load_document(path, expected_kind=None, expected_ruleset=None) -> Document
    load_catalogue(ruleset) -> catalogue model (cached)
    check_files(paths) -> (exit_code, lines)     # never raises
    scenario_path(ruleset, scenario_id) -> Path
    roster_paths(ruleset) -> list[Path]

Errors are ``DataError(messages)``, one ``FILE:LINE:COL: path: message`` line
per problem.  Rulesets plug their schemas in with ``registry.register``.
"""

from .documents import Document, check_files, load_catalogue, load_document
from .errors import DataError, Issue
from .paths import catalogue_path, roster_paths, scenario_path, scenario_paths
from .registry import register

__all__ = [
    "DataError", "Document", "Issue", "catalogue_path", "check_files", "load_catalogue",
    "load_document", "register", "roster_paths", "scenario_path", "scenario_paths",
]
