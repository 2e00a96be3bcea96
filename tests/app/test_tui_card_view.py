"""A card shown in the play screen's panel takes the height of the card it shows now: the batter's
card replaced by a pitcher's (four condition rows more) lays the panel out again, so no card is
drawn one line high with the rest cut (CI saw the play screen at 80×24 so on a busy machine)."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical

from tui.widgets.card import CardView

from tui_helpers import until


class _Cards(App):
    def compose(self) -> ComposeResult:
        with Vertical():
            yield CardView(id="one")
            yield CardView(id="two")


async def test_a_new_card_lays_itself_out_at_its_own_height(pacific):
    team = pacific.teams[0]
    batter, pitcher = team.batters[0], team.pitchers[0]
    app = _Cards()
    async with app.run_test(size=(80, 40)) as pilot:
        one, two = app.query_one("#one", CardView), app.query_one("#two", CardView)
        await until(pilot, lambda: one.region.height == 3)       # "—" in its frame
        one.player = batter
        await until(pilot, lambda: one.region.height > 3)
        batter_height = one.region.height
        one.player = pitcher          # only the reactive changes: nothing else asks for a layout
        await until(pilot, lambda: one.region.height > batter_height)
        # the card below moved down under the taller one, and shows its whole self too
        assert two.region.y == one.region.bottom
        two.player = batter
        await until(pilot, lambda: two.region.height == batter_height)
