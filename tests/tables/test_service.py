"""The table service without a server: seats, moves in order, the store, a restart, stand-ins,
the teacher's commands, forgetting a class."""

from __future__ import annotations

import csv
import io
import random
import sqlite3

import pytest

from kayalib.errors import IllegalActionError
from kayalib.server.tables import CODE_ALPHABET, TOKEN_BYTES, ManualClock, TableService

from .conftest import Seat, make_service, play_out, seat_people


def refusal_code(call) -> str:
    with pytest.raises(IllegalActionError) as refused:
        call()
    return refused.value.refusal.code


def test_a_table_waits_for_its_people_then_plays(service: TableService) -> None:
    table = service.create_table("blef", people=2, bots=["odds"], seed=1)
    assert len(table.code) == 4 and set(table.code) <= set(CODE_ALPHABET)
    ana = Seat(service, service.join(table.code, "Ana"))
    assert table.status == "waiting"
    assert refusal_code(lambda: ana.act("high-card 9")) == "table_waiting"
    Seat(service, service.join(table.code.lower(), " Budi "))  # a code as typed on a phone
    assert table.status == "playing"
    assert [s.nickname for s in table.seats] == ["Ana", "Budi", ""]
    assert refusal_code(lambda: service.join(table.code, "Citra")) == "table_full"
    assert refusal_code(lambda: service.join("ZZZZ", "Citra")) == "table_unknown_code"


def test_tokens_are_long_random_and_kept_only_as_digests(service: TableService, tmp_path) -> None:
    table = service.create_table("blef", people=2, seed=1)
    key = service.join(table.code, "Ana")
    assert len(key.token) >= TOKEN_BYTES * 4 // 3 >= 128 // 6
    raw = (tmp_path / "class.sqlite").read_bytes() + (tmp_path / "class.sqlite-wal").read_bytes()
    assert key.token.encode() not in raw  # the store holds its SHA-256 only


def test_a_nickname_is_taken_once_per_table(service: TableService) -> None:
    table = service.create_table("blef", people=3, seed=1)
    service.join(table.code, "Ana")
    assert refusal_code(lambda: service.join(table.code, "ana")) == "table_nickname_taken"
    assert refusal_code(lambda: service.join(table.code, "")) == "table_bad_nickname"
    assert refusal_code(lambda: service.join(table.code, "x" * 21)) == "table_bad_nickname"


def test_every_move_is_in_the_store_before_any_seat_is_told(service: TableService) -> None:
    table = service.create_table("blef", people=2, seed=4)
    stored_when_told: list[int] = []
    ana, budi = seat_people(service, table, ["Ana", "Budi"])
    service.attach(budi.key, lambda update: stored_when_told.append(
        len(service.store.moves(table.id))))  # fmt: skip
    mover = ana if table.table.state.current_player == 0 else budi
    told = len(stored_when_told)
    mover.act(str(mover.view().legal_actions()[0]))
    assert stored_when_told[told:] and all(n == table.version for n in stored_when_told[told:])


def test_a_move_the_store_cannot_write_is_taken_back(service: TableService) -> None:
    table = service.create_table("blef", people=2, seed=4)
    ana, budi = seat_people(service, table, ["Ana", "Budi"])
    mover = ana if table.table.state.current_player == 0 else budi
    before = table.table.state
    pushed = [len(ana.pushed), len(budi.pushed)]
    service.store.db.close()  # the disk is gone
    with pytest.raises(sqlite3.ProgrammingError):
        mover.act(str(mover.view().legal_actions()[0]))
    assert table.table.state is before and table.version == 0
    assert [len(ana.pushed), len(budi.pushed)] == pushed  # nobody was told


def test_a_restarted_service_replays_every_table_to_the_same_position(tmp_path) -> None:
    clock = ManualClock()
    service = make_service(tmp_path / "c.sqlite", clock)
    blef = service.create_table("blef", people=3, bots=["odds"], seed=21)
    kaya = service.create_table("kaya", people=2, bots=["counter"], seed=22)
    rng = random.Random(3)
    seats = {t.code: seat_people(service, t, ["Ana", "Budi", "Citra"][: len(t.people)])
             for t in (blef, kaya)}  # fmt: skip
    for table in (blef, kaya):
        for step, _ in enumerate(play_out(table, seats[table.code], rng, clock)):
            if step == 12:
                break
    service.set_status(kaya.code, "pause")
    again = make_service(tmp_path / "c.sqlite", ManualClock())  # a new process, the same file
    for table in (blef, kaya):
        back = again.tables[table.code]
        assert back.table.state == table.table.state and back.version == table.version
        assert back.status == table.status
        assert [s.nickname for s in back.seats] == [s.nickname for s in table.seats]
        for seat in seats[table.code]:  # the same tokens hold the same seats, with the same view
            assert again.update_for(seat.key)["view"] == seat.update()["view"]


def test_stale_and_replayed_actions_are_refused(service: TableService) -> None:
    table = service.create_table("blef", people=2, seed=8)
    ana, budi = seat_people(service, table, ["Ana", "Budi"])
    mover = ana if table.table.state.current_player == 0 else budi
    version = mover.update()["version"]
    bid = str(mover.view().legal_actions()[0])
    service.act(mover.key, version, bid)
    other = budi if mover is ana else ana
    other.act("check")  # now the first mover is to bid again, in a new round
    state = table.table.state
    assert refusal_code(lambda: service.act(mover.key, version, bid)) == "table_stale"
    assert refusal_code(lambda: service.act(mover.key, str(version), bid)) == "table_stale"
    assert table.table.state is state


def test_a_seat_away_longer_than_the_wait_is_played_by_a_bot_and_handed_back(
    service: TableService, clock: ManualClock,
) -> None:  # fmt: skip
    table = service.create_table("blef", people=2, seed=5, bot_wait=30)
    ana, budi = seat_people(service, table, ["Ana", "Budi"])
    away = ana if table.table.state.current_player == 0 else budi
    away.leave()
    clock.advance(29)
    assert table.version == 0 and not table.seats[away.update()["seat"]].stand_in
    clock.advance(1 + service.bot_delay)  # the wait is over: a stand-in bot moves
    assert table.version >= 1
    moves = service.store.moves(table.id)
    assert moves[0].by == "stand-in" and moves[0].seat == away.update()["seat"]
    back = Seat(service, away.key)  # the student returns (a reload, another device)
    assert not table.seats[back.update()["seat"]].stand_in
    versions = table.version
    clock.advance(120)  # nobody plays for them any more
    if table.table.state.current_player == back.update()["seat"]:
        assert table.version == versions


def test_a_table_bot_moves_after_the_delay_and_is_written_as_a_bot(
    service: TableService, clock: ManualClock,
) -> None:  # fmt: skip
    table = service.create_table("blef", people=1, bots=["odds"], seed=2)
    (ana,) = seat_people(service, table, ["Ana"])
    rng = random.Random(1)
    for _ in play_out(table, [ana], rng, clock):
        pass
    moves = service.store.moves(table.id)
    assert {m.by for m in moves if m.seat == 1} <= {"bot", "forced"}
    assert {m.by for m in moves if m.seat == 0} <= {"person", "forced"}
    assert table.status == "ended" and ana.update()["view"]["outcome"] is not None


def test_the_teacher_pauses_resumes_ends_and_moves_a_student(service: TableService) -> None:
    first = service.create_table("blef", people=2, seed=3)
    second = service.create_table("blef", people=2, seed=4)
    ana, budi = seat_people(service, first, ["Ana", "Budi"])
    service.set_status(first.code, "pause")
    mover = ana if first.table.state.current_player == 0 else budi
    assert refusal_code(lambda: mover.act(str(mover.view().legal_actions()[0]))) == "table_paused"
    service.set_status(first.code, "resume")
    assert refusal_code(lambda: service.set_status(first.code, "resume")) == "table_cannot"
    service.move(first.code, 1, second.code)  # Budi goes to the other table
    assert budi.update()["table"] == second.code and budi.pushed[-1]["table"] == second.code
    assert first.seats[1].nickname == "" and second.seats[0].nickname == "Budi"
    assert refusal_code(lambda: service.join(second.code, "Budi")) == "table_nickname_taken"
    service.set_status(first.code, "end")
    assert first.status == "ended"
    assert refusal_code(lambda: ana.act("check")) == "table_ended"


def test_forget_this_class_deletes_everything_of_it_from_the_files(tmp_path) -> None:
    service = make_service(tmp_path / "c.sqlite")
    table = service.create_table("blef", people=2, seed=9)
    seats = seat_people(service, table, ["Zanzibarro", "Quetzalito"])
    token, member_nick = seats[0].key.token, "Xylophonia"
    _member_token, member = service.new_member(member_nick)
    service.store.add_entry(service.class_id, "prediction", "03", "pair", member,
                            {"value": "1/3", "exact": "445/1771"})  # fmt: skip
    mover = seats[table.table.state.current_player]
    mover.act(str(mover.view().legal_actions()[0]))
    old = service.class_id
    service.forget_class()
    assert service.class_id != old and not service.tables
    assert seats[0].pushed[-1] == {"type": "gone"}
    with pytest.raises(IllegalActionError):
        service.update_for(seats[0].key)
    store = service.store
    for table_name in ("tables", "seats", "moves", "members", "entries", "reveals"):
        assert store.db.execute(f"SELECT COUNT(*) FROM {table_name}").fetchone() == (0,)
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("c.sqlite"))
    for secret in ("Zanzibarro", "Quetzalito", member_nick, "445/1771", token):
        assert secret.encode() not in raw
    assert make_service(tmp_path / "c.sqlite").tables == {}  # and it stays forgotten


def test_the_exports_are_the_ended_games_logs_and_one_row_a_move_with_nicknames_only(
    service: TableService, clock: ManualClock,
) -> None:  # fmt: skip
    from kayalib.server.dashboard import export_csv, export_jsonl
    from kayalib.simulate import replay

    rng = random.Random(5)
    ended = [service.create_table("blef", people=2, bots=["odds"], seed=s,
                                  options={"cards": "2"}) for s in (31, 32)]  # fmt: skip
    playing = service.create_table("blef", people=2, seed=33)
    seats = {t.code: seat_people(service, t, [f"Ana{t.code}", f"Budi{t.code}"])
             for t in (*ended, playing)}  # fmt: skip
    for table in ended:
        for _ in play_out(table, seats[table.code], rng, clock):
            pass
    mover = seats[playing.code][playing.table.state.current_player]
    mover.act(str(mover.view().legal_actions()[0]))
    finals = replay("blef", export_jsonl(service).splitlines())  # the same format as --log
    assert finals == [table.table.state for table in ended]
    rows = list(csv.reader(io.StringIO(export_csv(service))))
    assert rows[0] == ["table", "game", "move", "seat", "nickname", "by", "action"]
    assert len(rows) - 1 == sum(len(t.table.state.moves) for t in ended)
    assert {r[0] for r in rows[1:]} == {t.code for t in ended}  # not the game in play
    assert {r[4] for r in rows[1:]} == {"", *(s.nickname for t in ended for s in t.seats[:2])}
    text = export_csv(service) + export_jsonl(service)
    for key in (s.key.token for t in ended for s in seats[t.code]):
        assert key not in text and service.seat_of(key)[1].token not in text
    service.store.set_names(service.class_id, "anonymous")
    assert {r[4] for r in csv.reader(io.StringIO(export_csv(service)))} == {"nickname", ""}


def test_a_move_the_store_cannot_write_never_happened(service: TableService, tmp_path) -> None:
    table = service.create_table("blef", people=2, seed=3)
    ana, budi = seat_people(service, table, ["Ana", "Budi"])
    mover = ana if ana.update()["seat"] == table.table.state.current_player else budi
    before = (table.version, table.table.state, len(table.table.states), table.logged)
    told = mover.update()
    service.store.db.execute("PRAGMA query_only = ON")  # the disk refuses every write
    with pytest.raises(sqlite3.OperationalError):
        mover.act("high-card 9")
    assert (table.version, table.table.state, len(table.table.states), table.logged) == before
    assert mover.update()["version"] == told["version"]  # no seat was told of it
    service.store.db.execute("PRAGMA query_only = OFF")
    mover.act("high-card 9")
    again = make_service(tmp_path / "class.sqlite")  # what the disk holds is what was played
    assert again.tables[table.code].table.state.moves == table.table.state.moves
