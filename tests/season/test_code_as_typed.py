"""A team's or league's code as a person types it (`--team edo`, `--part cl`, `--away Edo `):
one helper, league.season.roster.code_as_typed, that every such place calls (seven copies by
hand before, two of which refused a league whose codes are not in capitals)."""
from league.season.roster import code_as_typed


def test_a_code_in_any_case_with_spaces_is_the_leagues_own():
    codes = ["EDO", "KNZ", "Sap"]
    assert code_as_typed("EDO", codes) == "EDO"
    assert code_as_typed(" edo ", codes) == "EDO"
    assert code_as_typed("Knz", codes) == "KNZ"
    assert code_as_typed("sap", codes) == "Sap"          # the league's own spelling back
    assert code_as_typed("Sap", codes) == "Sap"
    assert code_as_typed("XYZ", codes) is None
    assert code_as_typed("", codes) is None
    assert code_as_typed(None, codes) is None
    assert code_as_typed("ed o", codes) is None          # inner spaces are not trimmed
