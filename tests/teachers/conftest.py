"""The lesson-widget fixtures (a widget test fails on "Exception in callback")."""

from tests.lessons.conftest import no_callback_exceptions  # noqa: F401
