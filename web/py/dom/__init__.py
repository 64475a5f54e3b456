"""What touches the browser (js, pyscript, pyodide) and is shared by pages: the DOM helpers,
JS values, the bots' workers as the page sees them, the non-game pages' start-up. Imports core."""
