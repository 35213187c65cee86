"""The kit's web server: Voila with the settings and guards a classroom needs.

``kayalib app`` (``make app``) serves the package's notebooks on this computer only;
``kayalib class`` (``make class``) serves a whole class on the local network:
preheated kernels for the play apps, timeouts that make a busy server slower instead of broken,
and guards so that one student's page cannot act on another student's game
(:mod:`kayalib.server.guards`).

Importing this package loads nothing heavy; the Voila parts load when a server starts.
"""
