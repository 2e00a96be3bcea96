"""Sealed draft picks (issue 32, npb_offseason.md §3): the first round is named at once (入札,
and a 外れ1位 after a lost lottery), so in a shared league a club's pick is its own until the
draft has made it (its man taken, as the commissioner's program stores each time the draft goes
on); from then on it is everyone's, as at the draft meeting. The rule is row-level security on
`league_draft_pick` and on the audit log with the function impact_draft_public, installed by
storage.sharing — with `share`, and anew on a shared league after a migration its owner runs
(storage.db re-applies sharing then): this revision is that step for a league shared before it.
The schema itself is unchanged (SQLite, single-user, has no rule to install).

Revision ID: 0021_draft_sealed
Revises: 0020_trade_sealed
Create Date: 2026-12-05
"""
from __future__ import annotations

revision = "0021_draft_sealed"
down_revision = "0020_trade_sealed"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing in the schema: the sharing re-applied after it seals a shared league's picks."""


def downgrade() -> None:
    """Nothing to undo in the schema."""
