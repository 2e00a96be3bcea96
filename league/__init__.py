"""Impact Baseball rules core and league logic: pure Python, no I/O, no UI, no database."""
