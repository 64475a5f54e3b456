"""The station plan as the pages draw and point at it: layout, the SVG board, clicks and keys
(pure Python)."""
