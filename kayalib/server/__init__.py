"""The kit's web server: Voila with the settings and guards a classroom needs.

``python -m kayalib.server app`` (``make app``) serves ``notebooks/`` on this computer only;
``python -m kayalib.server class`` (``make class``) serves a whole class on the local network:
preheated kernels for the play apps, timeouts that make a busy server slower instead of broken,
and guards so that one student's page cannot act on another student's game
(:mod:`kayalib.server.guards`).

Importing this package loads nothing heavy; the Voila parts load when a server starts.
"""
