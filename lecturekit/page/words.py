"""The page's own words (its controls, labels and headings) in the lecture's language, where
lecturekit has them (English, Japanese, German, French, Spanish), else in English. The lecture's
own words (title, board, chapters, transcript) are the lecture's; the sentences that say what a
visual is stay English (`lecturekit.describe`) and are marked so."""

from __future__ import annotations

import re

Words = dict[str, str | tuple[str, ...]]

#: What each word is for, in English. `keys` holds the keyboard list's items, lecturekit's own HTML.
_EN: Words = {
    "skip": "Skip to the board as text", "video": "Video", "playback": "Playback", "play": "Play",
    "pause": "Pause", "back": "Back 5 s", "forward": "Forward 5 s", "speed": "Speed", "captions": "Captions",
    "off": "Off", "describe": "Audio description", "keyboard": "Keyboard", "board": "The board as text",
    "search_heading": "Search the board", "query": "A word or a formula", "search": "Search",
    "chapters": "Chapters", "transcript": "Transcript", "follow": "Scroll with the video",
    "empty": "The board is empty.", "since": "(since {t})", "found_one": "On the board at 1 moment.",
    "found_many": "On the board at {n} moments.",
    "keys": (
        "<kbd>k</kbd> play or pause; <kbd>j</kbd> / <kbd>l</kbd> back or forward 5 s; <kbd>,</kbd> / "
        "<kbd>.</kbd> one frame back or on (paused)",
        "<kbd>&lt;</kbd> / <kbd>&gt;</kbd> slower or faster; <kbd>c</kbd> captions on or off; <kbd>d</kbd> "
        "audio description on or off",
        "<kbd>b</kbd> read the board now; <kbd>/</kbd> search the board; <kbd>t</kbd> go to the current "
        "sentence of the transcript",
        "Tab moves through every control; Enter or Space on a chapter, a sentence or a result goes there."),
}
_JA: Words = {
    "skip": "黒板のテキストへ移動", "video": "動画", "playback": "再生操作", "play": "再生", "pause": "一時停止",
    "back": "5秒戻る", "forward": "5秒進む", "speed": "速度", "captions": "字幕", "off": "オフ",
    "describe": "音声解説", "keyboard": "キーボード操作", "board": "黒板のテキスト", "search_heading": "黒板を検索",
    "query": "語句または数式", "search": "検索", "chapters": "チャプター", "transcript": "文字起こし",
    "follow": "動画に合わせてスクロール", "empty": "黒板には何もありません。", "since": "（{t} から）",
    "found_one": "黒板に 1 回出ています。", "found_many": "黒板に {n} 回出ています。",
    "keys": (
        "<kbd>k</kbd> 再生・一時停止、<kbd>j</kbd> / <kbd>l</kbd> 5秒戻る・進む、<kbd>,</kbd> / <kbd>.</kbd> "
        "1コマ戻る・進む（一時停止中）",
        "<kbd>&lt;</kbd> / <kbd>&gt;</kbd> 遅く・速く、<kbd>c</kbd> 字幕のオン・オフ、"
        "<kbd>d</kbd> 音声解説のオン・オフ",
        "<kbd>b</kbd> 今の黒板を読む、<kbd>/</kbd> 黒板を検索、<kbd>t</kbd> 文字起こしの今の文へ移動",
        "Tab ですべての操作部品を順に移動し、"
        "チャプター・文・検索結果の上で Enter か Space を押すとそこへ移動します。"),
}
_DE: Words = {
    "skip": "Zur Tafel als Text springen", "video": "Video", "playback": "Wiedergabe", "play": "Abspielen",
    "pause": "Pause", "back": "5 s zurück", "forward": "5 s vor", "speed": "Tempo", "captions": "Untertitel",
    "off": "Aus", "describe": "Audiodeskription", "keyboard": "Tastatur", "board": "Die Tafel als Text",
    "search_heading": "Die Tafel durchsuchen", "query": "Ein Wort oder eine Formel", "search": "Suchen",
    "chapters": "Kapitel", "transcript": "Transkript", "follow": "Mit dem Video scrollen",
    "empty": "Die Tafel ist leer.", "since": "(seit {t})", "found_one": "Zu 1 Zeitpunkt auf der Tafel.",
    "found_many": "Zu {n} Zeitpunkten auf der Tafel.",
    "keys": (
        "<kbd>k</kbd> abspielen oder anhalten; <kbd>j</kbd> / <kbd>l</kbd> 5 s zurück oder vor; <kbd>,</kbd> / "
        "<kbd>.</kbd> ein Bild zurück oder vor (angehalten)",
        "<kbd>&lt;</kbd> / <kbd>&gt;</kbd> langsamer oder schneller; <kbd>c</kbd> Untertitel ein oder aus; "
        "<kbd>d</kbd> Audiodeskription ein oder aus",
        "<kbd>b</kbd> die Tafel jetzt lesen; <kbd>/</kbd> die Tafel durchsuchen; <kbd>t</kbd> zum aktuellen Satz "
        "des Transkripts",
        "Tab geht durch alle Bedienelemente; Enter oder Leertaste auf einem Kapitel, einem Satz oder einem "
        "Treffer springt dorthin."),
}
_FR: Words = {
    "skip": "Aller au tableau en texte", "video": "Vidéo", "playback": "Lecture", "play": "Lire",
    "pause": "Pause", "back": "Reculer de 5 s", "forward": "Avancer de 5 s", "speed": "Vitesse",
    "captions": "Sous-titres", "off": "Aucun", "describe": "Audiodescription", "keyboard": "Clavier",
    "board": "Le tableau en texte", "search_heading": "Chercher dans le tableau", "query": "Un mot ou une formule",
    "search": "Chercher", "chapters": "Chapitres", "transcript": "Transcription",
    "follow": "Défiler avec la vidéo", "empty": "Le tableau est vide.", "since": "(depuis {t})",
    "found_one": "Au tableau à 1 moment.", "found_many": "Au tableau à {n} moments.",
    "keys": (
        "<kbd>k</kbd> lire ou mettre en pause ; <kbd>j</kbd> / <kbd>l</kbd> reculer ou avancer de 5 s ; "
        "<kbd>,</kbd> / <kbd>.</kbd> une image en arrière ou en avant (en pause)",
        "<kbd>&lt;</kbd> / <kbd>&gt;</kbd> plus lent ou plus vite ; <kbd>c</kbd> sous-titres ou non ; "
        "<kbd>d</kbd> audiodescription ou non",
        "<kbd>b</kbd> lire le tableau maintenant ; <kbd>/</kbd> chercher dans le tableau ; <kbd>t</kbd> aller à "
        "la phrase en cours de la transcription",
        "Tab parcourt toutes les commandes ; Entrée ou Espace sur un chapitre, une phrase ou un résultat y mène."),
}
_ES: Words = {
    "skip": "Ir a la pizarra como texto", "video": "Vídeo", "playback": "Reproducción", "play": "Reproducir",
    "pause": "Pausa", "back": "Atrás 5 s", "forward": "Adelante 5 s", "speed": "Velocidad",
    "captions": "Subtítulos", "off": "Ninguno", "describe": "Audiodescripción", "keyboard": "Teclado",
    "board": "La pizarra como texto", "search_heading": "Buscar en la pizarra", "query": "Una palabra o una fórmula",
    "search": "Buscar", "chapters": "Capítulos", "transcript": "Transcripción",
    "follow": "Desplazar con el vídeo", "empty": "La pizarra está vacía.", "since": "(desde {t})",
    "found_one": "En la pizarra en 1 momento.", "found_many": "En la pizarra en {n} momentos.",
    "keys": (
        "<kbd>k</kbd> reproducir o pausar; <kbd>j</kbd> / <kbd>l</kbd> atrás o adelante 5 s; <kbd>,</kbd> / "
        "<kbd>.</kbd> un fotograma atrás o adelante (en pausa)",
        "<kbd>&lt;</kbd> / <kbd>&gt;</kbd> más lento o más rápido; <kbd>c</kbd> subtítulos sí o no; "
        "<kbd>d</kbd> audiodescripción sí o no",
        "<kbd>b</kbd> leer la pizarra ahora; <kbd>/</kbd> buscar en la pizarra; <kbd>t</kbd> ir a la frase "
        "actual de la transcripción",
        "Tab recorre todos los controles; Intro o Espacio sobre un capítulo, una frase o un resultado lleva allí."),
}
WORDS: dict[str, Words] = {"en": _EN, "ja": _JA, "de": _DE, "fr": _FR, "es": _ES}
#: The words the page's script sets as the page changes.
SCRIPT = ("play", "pause", "describe", "empty", "since", "found_one", "found_many")


def page_language(code: str) -> str:
    """The language the page's own words are given in for a lecture in `code` (`de-AT`: `de`):
    its own where lecturekit has it, else English."""
    base = re.split(r"[-_]", code, maxsplit=1)[0].lower()
    return base if base in WORDS else "en"
