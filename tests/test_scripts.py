"""A lecture's own language, as the scripts of its text tell it (`lecturekit/scripts.py`)."""

from __future__ import annotations

import re

import icu
import pytest

from lecturekit import scripts as module
from lecturekit.scripts import _OWN_LETTERS, BY_SCRIPT, CONFIDENCE, ENGLISH, MIN_LETTERS, SHARED, scripts, written_in
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
    (["La vitesse d'une réaction dépend de la température."], ENGLISH),  # 43 letters: too few to tell
    (["$x^2 + y^2 = r^2$", "42"], ENGLISH),
    ([], ENGLISH),
])
def test_the_scripts_of_a_text_tell_its_language(texts: list[str], language: str) -> None:
    assert written_in(texts).language == language


def test_formulas_in_latin_letters_do_not_outweigh_japanese_prose() -> None:
    formulas = ["$k = A e^(-E_a / (R T))$"] * 3
    assert written_in([FURIKO, *formulas]).language == "ja"
    assert scripts([FURIKO])["Hira"] > 0 and scripts([FURIKO])["Latn"] > 0


def test_every_language_the_scripts_give_is_one_lecturekit_speaks() -> None:
    given = {*BY_SCRIPT.values(), *(language for _, _, language in _OWN_LETTERS), "ja", "zh", "ko", ENGLISH}
    assert {code for code in given if entry(code) is None} == set()


EN = ("The rate of a reaction depends on the temperature of the mixture and on how often the molecules meet. "
      "When the mixture is warmed, more of the collisions carry enough energy to break the bonds.")
FR = ("La vitesse d'une réaction dépend de la température du mélange et de la fréquence des rencontres entre "
      "les molécules. Quand on chauffe le mélange, davantage de chocs ont assez d'énergie pour rompre les liaisons.")
DE = ("Die Geschwindigkeit einer Reaktion hängt von der Temperatur der Mischung ab und davon, wie oft sich die "
      "Moleküle treffen. Wird die Mischung erwärmt, tragen mehr Stöße genug Energie, um die Bindungen zu brechen.")
ES = ("La velocidad de una reacción depende de la temperatura de la mezcla y de la frecuencia con que se encuentran "
      "las moléculas. Al calentar la mezcla, más choques llevan energía suficiente para romper los enlaces.")
BG = ("Скоростта на химичната реакция зависи от температурата на сместа и от това колко често се срещат "
      "молекулите. Когато сместа се затопли, повече сблъсъци носят достатъчно енергия, за да разкъсат връзките.")


@pytest.mark.parametrize(("texts", "language"), [
    ([EN], "en"), ([FR], "fr"), ([DE], "de"), ([ES], "es"),
    (["Die Reaktionsgeschwindigkeit", DE, "$k = A e^(-E_a / (R T))$"], "de"),
    ([BG], "bg"),  # Cyrillic with no letter of its own: the model tells it from Russian
])
def test_the_model_tells_the_languages_of_a_shared_script(texts: list[str], language: str) -> None:
    assert written_in(texts) == module.Told(language)


def test_too_few_letters_or_a_doubtful_answer_leave_the_script_to_tell() -> None:
    short = written_in(["Die Geschwindigkeit einer Reaktion hängt von der Temperatur ab."])
    assert short.language == ENGLISH
    assert short.doubt == (f"its 54 letters in the Latin script are too few to tell which language they are in "
                           f"(at least {MIN_LETTERS} tell it)")
    mixed = written_in([EN, DE])  # half and half: the model leans one way, short of sure
    assert mixed.language == ENGLISH and re.fullmatch(
        r"its text in the Latin script reads as de with a probability of only 0\.98\d\d \(at least 0\.99 tells it\)",
        mixed.doubt), mixed.doubt
    assert written_in(["Скорость реакции зависит от температуры."]) == module.Told("ru", (
        "its 35 letters in the Cyrillic script are too few to tell which language they are in (at least 100 tell it)"))


def test_the_same_text_is_told_the_same_language_with_the_same_probability() -> None:
    first = module._identified([EN, DE], "Latn")
    module._identifier.cache_clear()  # the model read anew
    assert module._identified([EN, DE], "Latn") == first and first[1] < CONFIDENCE


def test_the_shared_scripts_languages_are_those_the_model_knows_and_lecturekit_speaks() -> None:
    """Every language of py3langid's model that lecturekit has a voice for, by the script ICU
    takes it to be written in, where more than one such language shares that script."""
    by_script: dict[str, set[str]] = {}
    for code in module._identifier().labels:
        if entry(code) is not None:
            locale = icu.Locale(code)
            locale.addLikelySubtags()
            by_script.setdefault(locale.getScript(), set()).add(code)
    assert {script: languages for script, languages in by_script.items() if len(languages) > 1} == SHARED
