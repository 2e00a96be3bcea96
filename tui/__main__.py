"""`python -m tui` runs the `impact` command line (handy from a source checkout)."""
from tui.launch import main

main()
