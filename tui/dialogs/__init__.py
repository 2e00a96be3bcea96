"""Modal dialogs of the league app (ModalScreen[T] + dismiss(value))."""
