"""The teacher's kit: lesson plans, printable worksheets and answer keys, the write-a-bot lab.

Every word comes from the catalogue (``kayalib/i18n/<lang>/teachers/``); the worksheets are
built from the lesson notebooks themselves (:mod:`kayalib.teachers.record`). ``make plans``
writes ``docs/teachers/``; ``make worksheets`` writes ``build/worksheets/<lang>/*.pdf``.
"""

from kayalib.teachers.plans import Plan, lesson_numbers, plan_markdown

__all__ = ["Plan", "lesson_numbers", "plan_markdown"]
