"""A lecture's own language, as the scripts of its text tell it (`lecturekit/scripts.py`)."""

from __future__ import annotations

import pytest

from lecturekit.scripts import _OWN_LETTERS, BY_SCRIPT, ENGLISH, scripts, written_in
from lecturekit.voice.languages import entry

FURIKO = ("糸につないだおもりを少し横に引いて手をはなすと、おもりは左右に往復運動を始めます。"
          "この運動を単振り子と呼びます。周期は $T = 2 pi sqrt(L / g)$ です。")


@pytest.mark.parametrize(("texts", "language"), [
    ([FURIKO], "ja"),
    (["単振り子", "The period of a pendulum and why it does not depend on the swing"], ENGLISH),  # the most letters
    (["反應速率與溫度的關係非常密切。", "阿倫尼烏斯方程式"], "zh"),
    (["反应速率与温度的关系非常密切。"], "zh"),
    (["반응 속도는 온도에 따라 달라집니다. 反應"], "ko"),
    (["Скорость реакции зависит от температуры."], "ru"),
    (["Швидкість реакції залежить від температури."], "uk"),
    (["Хуткасць рэакцыі залежыць ад тэмпературы, ўсё."], "be"),
    (["سرعة التفاعل تعتمد على درجة الحرارة."], "ar"),
    (["سرعت واکنش به دمای محیط بستگی دارد و گرما."], "fa"),
    (["ردعمل کی رفتار درجہ حرارت پر منحصر ہے۔"], "ur"),
    (["अभिक्रिया की दर ताप पर निर्भर करती है।"], "hi"),
    (["Η ταχύτητα της αντίδρασης εξαρτάται από τη θερμοκρασία."], "el"),
    (["อัตราการเกิดปฏิกิริยาขึ้นอยู่กับอุณหภูมิ"], "th"),
    (["The rate of a reaction depends on temperature."], ENGLISH),
    (["La vitesse d'une réaction dépend de la température."], ENGLISH),  # Latin: not told apart
    (["$x^2 + y^2 = r^2$", "42"], ENGLISH),
    ([], ENGLISH),
])
def test_the_scripts_of_a_text_tell_its_language(texts: list[str], language: str) -> None:
    assert written_in(texts) == language


def test_formulas_in_latin_letters_do_not_outweigh_japanese_prose() -> None:
    formulas = ["$k = A e^(-E_a / (R T))$"] * 3
    assert written_in([FURIKO, *formulas]) == "ja"
    assert scripts([FURIKO])["Hira"] > 0 and scripts([FURIKO])["Latn"] > 0


def test_every_language_the_scripts_give_is_one_lecturekit_speaks() -> None:
    given = {*BY_SCRIPT.values(), *(language for _, _, language in _OWN_LETTERS), "ja", "zh", "ko", ENGLISH}
    assert {code for code in given if entry(code) is None} == set()
