"""A pooled kernel's wait for its page address, kept under this name for the class server
(:mod:`kayalib.server` imports it): the page layer's :mod:`kayalib.pages.kernel` does it."""

from kayalib.pages.kernel import (
    SECRET_ENV,
    SECRET_HEADER,
    query_string,
    receive_one_message,
    wait_for_request,
)

__all__ = [
    "SECRET_ENV",
    "SECRET_HEADER",
    "query_string",
    "receive_one_message",
    "wait_for_request",
]
