"""The glue's pure Python: what the pages and workers share, importable and tested on CPython
(no js, pyscript or DOM). Imports only intruder_core and core itself."""
