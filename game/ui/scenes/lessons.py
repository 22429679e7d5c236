"""'Learn to play': the guided games of every ruleset that has some. One of them is open at
a time (at first the first one not finished): its chapters are buttons (a tick on those
already done) opening the lesson's game at that chapter; the others are one row each that
opens them, so the list stays short whatever the number of rulesets."""
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

    open_key: str | None = None      # progress key of the lesson whose chapters are shown

    def _open(self, lessons: list) -> str | None:
        from game.ui.guided import progress_key

        keys = [progress_key(le) for le in lessons]
        if self.open_key in keys:
            return self.open_key
        for lesson, key in zip(lessons, keys, strict=True):
            if len(set(self.app.settings.lessons.get(key, []))) < len(lesson.chapters()):
                return key
        return keys[0] if keys else None

    def open_lesson(self, key: str) -> None:
        self.open_key = key
        self.refresh()

    def items(self):
        lang, app = self.app.lang, self.app
        from game.ui.guided import progress_key

        out = []
        lessons = self.lessons()
        shown = self._open(lessons)
        for lesson in lessons:
            pkey = progress_key(lesson)
            done = set(app.settings.lessons.get(pkey, []))
            ruleset = t(f"ui.ruleset.{lesson.ruleset}", lang)
            name = f"lesson.{lesson.ruleset}.{lesson.id}"
            if pkey != shown:
                label = t("guide.menu.closed", lang, ruleset=ruleset, title=t(lesson.title, lang),
                          done=len(done), n=len(lesson.chapters()))
                out.append((f"{name}.open", label, lambda k=pkey: self.open_lesson(k),
                            t(lesson.summary, lang)))
                continue
            head = t("guide.menu.lesson", lang, ruleset=ruleset, title=t(lesson.title, lang))
            out.append((name, head, lambda le=lesson: start_lesson(app, le, 0), t(lesson.summary, lang)))
            for n, (_, key) in enumerate(lesson.chapters()):
                mark = DONE_MARK if n in done else "\u2022"
                label = t("guide.menu.chapter", lang, mark=mark, n=n + 1, title=t(key, lang))
                out.append((f"lesson.{lesson.ruleset}.{lesson.id}.{n}", label,
                            lambda le=lesson, n=n: start_lesson(app, le, n), ""))
        out.append(("lessons.back", t("ui.back", lang), app.pop, ""))
        return out
