"""Sealed foreign choices (issue 32, npb_offseason.md §5): each managed club makes its foreign
signings and releases at once, so in a shared league a club's choices are its own while the
foreign step waits for it (as the commissioner's program stores each time the step goes on);
from then on they are everyone's. The rule is row-level security on `league_foreign_choice` and
on the audit log with the function impact_foreign_public, installed by storage.sharing — with
`share`, and anew on a shared league after a migration its owner runs (storage.db re-applies
sharing then): this revision is that step for a league shared before it. The schema itself is
unchanged (SQLite, single-user, has no rule to install).

Revision ID: 0022_foreign_sealed
Revises: 0021_draft_sealed
Create Date: 2026-12-05
"""
from __future__ import annotations

revision = "0022_foreign_sealed"
down_revision = "0021_draft_sealed"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing in the schema: the sharing re-applied after it seals a shared league's choices."""


def downgrade() -> None:
    """Nothing to undo in the schema."""
