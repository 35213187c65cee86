"""Teacher mode and the class seed, on the real lesson pages (their notebooks run here as Voila
runs them): ``?solutions=off`` hides every solution and answer, ``?solutions=key`` puts an
answer key beside every exercise and prediction, and ``?seed=7&student=12`` gives each student
their own numbers from the class seed, shown on the page so the teacher can reproduce them."""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets
import pytest

from kayalib.lessons.kit.exercise import Exercise, answer_text
from kayalib.lessons.kit.page import Gated
from kayalib.lessons.kit.predict import Prediction
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.pages.options import PageOptions
from kayalib.seeds import personal_seed
from kayalib.teachers.plans import lesson_numbers
from kayalib.teachers.record import run_lesson
from tests.lessons.pages import visible_text


def parts_of(lesson, kind: type) -> list:
    found = []
    for part in lesson.parts:
        content = part.content if isinstance(part, Gated) else part
        if isinstance(content, kind):
            found.append(content)
    return found


def visible(widget: widgets.Widget) -> bool:
    return widget.layout.display != "none"


@pytest.mark.slow  # runs lesson notebooks
@pytest.mark.parametrize("number", lesson_numbers())
def test_solutions_off_hides_every_solution_and_answer(number: str) -> None:
    lesson = run_lesson(number, "solutions=off")
    lesson.open_all()
    for exercise in parts_of(lesson, Exercise):
        assert not visible(exercise.solution_button)
        assert not visible(exercise.key_box) and exercise.key_box.value == ""
        exercise.reveal()  # even called directly, nothing is shown
        assert exercise.solution.value == ""
        answer = answer_text(exercise.answer, exercise.t)
        if exercise.choices is None:
            exercise.answer_box.value = "123456"
            exercise.check_button.click()
            shown = visible_text(exercise.feedback.value)
            assert "Not quite" in shown and "too high" not in shown.lower()
            assert "solution" not in shown.lower()
            assert exercise.say(exercise.hint) == "" or "Hint" not in shown
            exercise.answer_box.value = str(exercise.answer)
            exercise.check_button.click()
            shown = visible_text(exercise.feedback.value)
            assert "Right" in shown and answer not in shown, shown
            working = visible_text(exercise.say(exercise.working))
            assert working[:30] not in shown


@pytest.mark.slow  # runs lesson notebooks
@pytest.mark.parametrize("number", lesson_numbers())
def test_the_answer_key_stands_beside_every_exercise_and_prediction(number: str) -> None:
    lesson = run_lesson(number, "solutions=key&lang=pl")
    assert all(part.revealed for part in lesson.parts if isinstance(part, Gated))
    for exercise in parts_of(lesson, Exercise):
        key = visible_text(exercise.key_box.value)
        assert visible(exercise.key_box) and key.startswith("Klucz odpowiedzi:")
        assert exercise.answer_words() in key
        assert visible_text(exercise.say(exercise.working))[:30] in key
    for prediction in parts_of(lesson, Prediction):
        key = visible_text(prediction.key_box.value)
        assert visible(prediction.key_box) and key.startswith("Klucz odpowiedzi:")
        if prediction.exact is not None:
            assert answer_text(prediction.exact, prediction.t) in key
        elif prediction.answer is not None:
            assert prediction.choice_text(prediction.answer) in key


@pytest.mark.slow  # runs lesson notebooks
def test_a_students_page_without_teacher_mode_shows_no_key() -> None:
    lesson = run_lesson("05", "lang=en")
    prediction = parts_of(lesson, Prediction)[0]
    assert not visible(prediction.key_box) and prediction.key_box.value == ""
    exercise = Exercise("1/2 + 1/4?", Fraction(3, 4), working="3/4", lang="en")
    assert not visible(exercise.key_box)
    exercise.answer_box.value = "1"
    exercise.check_button.click()
    assert "too high" in exercise.feedback.value.lower()  # the ordinary page still helps
    exercise.solution_button.click()
    assert "3/4" in exercise.solution.value


def simulated(lesson) -> tuple[int, float, float]:
    """Hold 1000 draws on the page's first simulator: (its seed, its mean, its spread)."""
    simulator = parts_of(lesson, DealSimulator)[0]
    simulator.deal_many_button.click()
    return simulator.seed, simulator.estimate, simulator.spread


@pytest.mark.slow  # runs lesson notebooks
def test_a_class_seed_is_shared_and_a_student_number_gives_a_students_own_numbers() -> None:
    shared = [simulated(run_lesson("05", "seed=7&solutions=key")) for _ in range(2)]
    assert shared[0] == shared[1]  # everyone with the class seed sees the same numbers
    twelve = simulated(run_lesson("05", "seed=7&student=12&solutions=key"))
    again = simulated(run_lesson("05", "seed=7&student=12&solutions=key"))
    thirteen = simulated(run_lesson("05", "seed=7&student=13&solutions=key"))
    assert twelve == again  # the teacher reproduces student 12's numbers
    assert len({shared[0][0], twelve[0], thirteen[0]}) == 3
    assert len({shared[0][1:], twelve[1:], thirteen[1:]}) == 3
    plain = simulated(run_lesson("05", "solutions=key"))
    assert plain not in (shared[0], twelve)


@pytest.mark.slow  # runs lesson notebooks
def test_the_page_shows_the_student_number_and_the_seed_in_use() -> None:
    lesson = run_lesson("03", "seed=7&student=12&lang=id")
    badge = visible_text(lesson.seed_badge().value)
    assert badge == f"Siswa 12 · seed kelas 7 · seed-mu {personal_seed(7, 12)}"
    assert "student=12" in lesson.navigation_html(lesson.t)
    assert "seed=7" in lesson.navigation_html(lesson.t)
    shared = run_lesson("03", "seed=7")
    assert "everyone sees the same" in visible_text(shared.seed_badge().value)
    assert run_lesson("03", "").options.seed is None  # no seed: no badge in the header
    # a student number without a class seed (or out of range) means nothing
    assert PageOptions.parse("student=12").student is None
    assert PageOptions.parse("seed=7&student=10000").student is None


@pytest.mark.parametrize("seed", ["²", "9" * 5000, "-7", "٣"])
def test_a_seed_that_is_not_plain_digits_is_ignored_not_fatal(seed: str) -> None:
    options = PageOptions.parse(f"seed={seed}&student=3")
    assert options.seed is None and options.student is None
