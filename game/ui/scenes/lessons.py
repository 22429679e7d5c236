"""'Learn to play': the guided games of every ruleset that has some, each chapter a button
(a tick on the chapters already done) opening the lesson's game at that chapter."""
from __future__ import annotations

from game.core.text import t
from game.ui import theme
from game.ui.scenes.common import ListScene

DONE_MARK = "\u2713"


def start_lesson(app, lesson, chapter: int = 0):
    """The lesson's game on the table, its guide at the start of ``chapter``."""
    from game.ui.guided import guided_session
    from game.ui.scenes.game import GameScene

    session = guided_session(lesson, app.lang, chapter)
    return app.reset(GameScene(app, session))


class LessonsScene(ListScene):
    width = 520

    def title(self) -> str:
        return t("guide.menu.title", self.app.lang)

    def body(self):
        return [(t("guide.menu.intro", self.app.lang), theme.TEXT_DIM)]

    def lessons(self) -> list:
        from game.ui.guided import lessons
        from game.ui.rules_info import rulesets

        out = []
        for rid in rulesets():
            out.extend(lessons(rid))
        return out

    def items(self):
        lang, app = self.app.lang, self.app
        from game.ui.guided import progress_key

        out = []
        for lesson in self.lessons():
            done = set(app.settings.lessons.get(progress_key(lesson), []))
            ruleset = t(f"ui.ruleset.{lesson.ruleset}", lang)
            head = t("guide.menu.lesson", lang, ruleset=ruleset, title=t(lesson.title, lang))
            out.append((f"lesson.{lesson.ruleset}.{lesson.id}", head,
                        lambda le=lesson: start_lesson(app, le, 0), t(lesson.summary, lang)))
            for n, (_, key) in enumerate(lesson.chapters()):
                mark = DONE_MARK if n in done else "\u2022"
                label = t("guide.menu.chapter", lang, mark=mark, n=n + 1, title=t(key, lang))
                out.append((f"lesson.{lesson.ruleset}.{lesson.id}.{n}", label,
                            lambda le=lesson, n=n: start_lesson(app, le, n), ""))
        out.append(("lessons.back", t("ui.back", lang), app.pop, ""))
        return out
