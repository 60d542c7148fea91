"""The CJK fonts (4.7 MB) registered in the browser build only once a CJK character is
to be drawn (companion.ui.fonts): from a stored name when a session starts, or as one
is typed. Drawn without a browser."""

from __future__ import annotations

from companion.games.hotdog import setup_form
from companion.store import library
from companion.ui.fonts import CJK, FONTS, fonts_for, make_room_for, needs_cjk, stored_texts

LATIN = ["Anna", "Bernd", "Zoë", "Ørjan", "Łukasz", "Αλέξης", "Борис", "שרה", "سارة"]
CJK_NAMES = ["王芳", "さくら", "サクラ", "김민준", "ｶﾀｶﾅ", "𠀋"]


def test_only_cjk_characters_need_the_cjk_fonts():
    assert not any(needs_cjk(name) for name in LATIN)
    assert all(needs_cjk(name) for name in CJK_NAMES)
    assert needs_cjk("Anna 王")


def test_a_session_without_a_cjk_name_registers_no_cjk_font():
    assert set(fonts_for(LATIN)) == set(FONTS) - set(CJK)
    assert fonts_for([*LATIN, "김민준"]) == FONTS


def test_the_names_the_store_holds_decide_the_fonts(store):
    assert list(stored_texts(store)) == []
    store.create_match("hotdog", ["Anna", "Bernd", "Chris"], setup_form.new_record(["Anna", "Bernd", "Chris"], "Anna"))
    assert "Bernd" in set(stored_texts(store))
    assert set(fonts_for(stored_texts(store))) == set(FONTS) - set(CJK)
    library.add(store, "sales", "花札", "{}")                # a file's name, CJK
    assert "花札" in set(stored_texts(store))
    assert fonts_for(stored_texts(store)) == FONTS


class Page:
    def __init__(self, fonts: dict[str, str]) -> None:
        self.fonts, self.updates = fonts, 0

    def update(self) -> None:
        self.updates += 1


def test_a_cjk_character_typed_registers_the_cjk_fonts_once():
    page = Page(fonts_for([]))
    make_room_for(page, "Anna")
    assert page.updates == 0 and not set(CJK) & set(page.fonts)
    make_room_for(page, "Anna 王")
    assert page.fonts == FONTS and page.updates == 1
    make_room_for(page, "王芳")
    assert page.updates == 1
    make_room_for(None, "王芳")                             # no page: nothing to do
