"""The Plural-Forms header of a new translation: the formula GNU gettext's msginit writes for the
language (its table, from the gettext manual's node "Plural forms"), and Arabic's six forms
(zero, one, two, few, many, other, as CLDR counts them), the demo ships. A language neither
knows gets no Plural-Forms line, as msginit writes none then: a lecture has no plural entries,
so msgfmt needs none, and a translator's editor asks for it when one is needed.

Not babel: its gettext formulas for French, Spanish, Italian and Portuguese use CLDR's
exponent operand `e`, which gettext's plural expressions do not know (msgfmt rejects them).
"""

from __future__ import annotations

_FORMS = {
    "nplurals=1; plural=0;": "ja vi ko",
    "nplurals=2; plural=(n != 1);": "en de nl sv da no nb nn fo es pt it bg el fi et he eo hu tr ca",
    "nplurals=2; plural=(n > 1);": "pt_BR fr",
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);": "lv",
    "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;": "ga",
    "nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;": "ro",
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);": "lt",
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);":
        "ru uk be sr hr",
    "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;": "cs sk",
    "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);": "pl",
    "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);": "sl",
    "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);": "ar",
}
PLURAL_FORMS = {code: forms for forms, codes in _FORMS.items() for code in codes.split()}


def plural_forms(code: str) -> str | None:
    """The language's Plural-Forms (`pt_BR`, `pt-BR` and `pt_PT` as gettext matches them: the
    whole code first, then its language), or None for a language the table does not have."""
    code = code.replace("-", "_")
    return PLURAL_FORMS.get(code) or PLURAL_FORMS.get(code.split("_")[0].lower())


__all__ = ["PLURAL_FORMS", "plural_forms"]
