"""A game of Impact Baseball: its state and flow, the rules (one module per rule), dice,
cards, values, line-ups, official scoring and the texts derived from the plays."""
