"""The lesson and app notebooks, shipped inside the package as ``kayalib.notebooks``.

This folder stays at the top of the repository; ``pyproject.toml`` maps it to the package
``kayalib.notebooks``, so the wheel carries the notebooks, their Voila settings
(``voila.json``) and the kit's Voila template (``.jupyter/``), and
:mod:`kayalib.package_data` finds them through ``importlib.resources`` wherever kayalib is
installed. There is no code here.
"""
