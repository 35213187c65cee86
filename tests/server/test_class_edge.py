"""The class tables' edge (issue 40), through their routes on loopback
(:class:`~kayalib.server.table_alone.TablesThread`, as the class server mounts them). Each test
names the naive code it stands against; each failed on it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from kayalib.server.table_alone import TablesThread
from kayalib.server.tables import TableService
from tests.tables.conftest import Kernel


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[TablesThread]:
    with TablesThread(str(tmp_path / "class.sqlite")) as server:
        yield server


@pytest.mark.voila
def test_a_push_to_a_socket_that_closed_is_no_traceback(tables: TablesThread, caplog) -> None:
    """Naive: a kernel's socket that died (its connection reset) was still attached until its
    close was handled, and a move pushed to it meanwhile logged a WebSocketClosedError
    traceback. Here the socket's stream closes and the table moves in the same turn of the
    server's loop, before the socket's own close is handled."""
    table = tables.call(lambda s: s.create_table("blef", people=2, seed=21))
    keys = [tables.call(lambda s, n=n: s.join(table.code, n)) for n in ("Ana", "Budi")]
    with Kernel(tables).socket(keys[0]) as page:
        page.recv(10)  # attached, and told where the game is

        def die_then_move(service: TableService) -> None:
            seat = service.seat_of(keys[0].token)[1]
            socket_handler = seat.attachments[0].push.__self__  # the page's UpdatesSocket
            socket_handler.ws_connection.stream.close()  # the connection is gone
            klass = service.tables[table.code]
            mover = klass.table.state.current_player
            legal = klass.table.view(mover).legal_actions()
            klass.act(mover, str(legal[0]))
            service.changed(klass)

        tables.call(die_then_move)
        time.sleep(0.3)
    noisy = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert not noisy, [r.getMessage() for r in noisy]
    assert "WebSocketClosedError" not in caplog.text
