"""Cards from statistics, card leagues and the closed loop that checks them."""
