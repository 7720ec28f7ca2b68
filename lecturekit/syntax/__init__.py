"""The description and action grammar: `lexer`, `parser`, `nodes` (the trees), and `evaluate`
(expressions over a whitelist). The package imports none of them itself: what a kind's spec holds
is declared in `lecturekit.kinds`, which the parser reads and which builds on `nodes`."""
