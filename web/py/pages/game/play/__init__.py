"""The game page's board, action buttons, dialogs and the input that drives them."""
