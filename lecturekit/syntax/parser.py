"""Recursive-descent parsers for object descriptions, actions and value expressions.

One function per grammar rule; each docstring shows the form it reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Protocol

from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.lexer import ELLIPSIS, Lexer, T, Token
from lecturekit.syntax.nodes import (
    Action,
    BinOp,
    Bool,
    Call,
    ColumnPart,
    Description,
    Expr,
    FieldType,
    FunctionValue,
    Kind,
    Neg,
    Num,
    Part,
    RowPart,
    Spec,
    Str,
    TextPart,
    Truncated,
    Tuple,
    Value,
    Var,
)

MAX_SOURCE = 20_000
MAX_DEPTH = 64
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_COLOR = re.compile(r"[A-Za-z][A-Za-z0-9_ -]*|#[0-9A-Fa-f]+")


_ARITHMETIC = (Num, Var, BinOp, Neg, Call)


# ---------------------------------------------------------------- the vocabulary
# The grammar reads kinds and action phrases from tables the later stages keep (the kind table,
# `lecturekit.kinds.KINDS`, and the action forms, `lecturekit.forms.FORMS`): the caller hands
# them in, so that syntax asks nothing of the stages built on it.


class KindEntry(Protocol):
    """What the grammar asks of a kind (a `KindDef`): its name, its spec type and the
    attributes a description gives in its parameters."""

    @property
    def kind(self) -> Kind: ...

    @property
    def spec(self) -> type[Spec]: ...

    @property
    def params(self) -> Mapping[str, FieldType]: ...


class PhraseEntry(Protocol):
    """One way the format says an action (a `forms.Phrase`)."""

    @property
    def name(self) -> str: ...

    @property
    def pattern(self) -> re.Pattern[str]: ...

    @property
    def make(self) -> Callable[[str, Part | None, re.Match[str], str], Action]: ...

    @property
    def whole(self) -> bool: ...


class FormEntry(Protocol):
    """What the grammar asks of an action form (a `forms.Form`): its phrases, and whether it
    may name a part of its object."""

    @property
    def phrases(self) -> tuple[PhraseEntry, ...]: ...

    @property
    def takes_part(self) -> bool: ...


#: The kinds by name, in the order an error lists them.
Kinds = Mapping[str, KindEntry]


class _Cut(Exception):
    """Raised inside a value when the recording's `…` is reached."""

    def __init__(self, token: Token):
        self.token = token


# ---------------------------------------------------------------- values


class _ValueParser:
    def __init__(self, lexer: Lexer):
        self.lex = lexer
        self.depth = 0

    def fail(self, message: str, token: Token) -> GrammarError:
        return GrammarError(message, self.lex.source, token.start, token.end)

    def take(self) -> Token:
        token = self.lex.next()
        if token.kind is T.CUT:
            raise _Cut(token)
        return token

    def peek(self) -> Token:
        return self.lex.peek()

    def expect_op(self, text: str) -> Token:
        token = self.take()
        if not token.is_op(text):
            raise self.fail(f"expected {text!r}, found {token.text or 'the end'!r}", token)
        return token

    def nested(self, token: Token) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"nested more than {MAX_DEPTH} levels deep", token)

    def expr(self, value: Value, token: Token) -> Expr:
        if isinstance(value, _ARITHMETIC):
            return value
        raise self.fail("only numbers and variables can take part in arithmetic", token)

    def arithmetic(self, op: Token, left: Value, right: Value) -> Expr:
        return BinOp(op.text, self.expr(left, op), self.expr(right, op))

    def value(self) -> Value:
        """value: "lambda" NAME ":" sum | sum"""
        if self.peek().is_word("lambda"):
            return self.function()
        return self.sum()

    def function(self) -> FunctionValue:
        """A function body recorded as a one-variable lambda (`lambda t: cos(2 * pi * t)`): its
        body is an expression of that variable, bound at each x it is plotted at."""
        keyword = self.take()
        name = self.take()
        if name.kind is not T.WORD or name.text in ("True", "False", "lambda"):
            raise self.fail("expected the function's variable after lambda", name)
        self.expect_op(":")
        body = self.sum()
        return FunctionValue(body=self.expr(body, keyword), variable=name.text)

    def sum(self) -> Value:
        """sum: product (("+" | "-") product)*"""
        left = self.product()
        outer = self.depth
        while (op := self.peek()).kind is T.OP and op.text in "+-":
            self.take()
            self.nested(op)  # `a + b + c …` nests to the left: each operator is a level
            left = self.arithmetic(op, left, self.product())
        self.depth = outer
        return left

    def product(self) -> Value:
        """product: unary (("*" | "/" | "%") unary)*"""
        left = self.unary()
        outer = self.depth
        while (op := self.peek()).kind is T.OP and op.text in ("*", "/", "%"):
            self.take()
            self.nested(op)
            left = self.arithmetic(op, left, self.unary())
        self.depth = outer
        return left

    def unary(self) -> Value:
        """unary: "-" unary | "+" unary | power"""
        token = self.peek()
        if token.is_op("-") or token.is_op("+"):
            self.take()
            self.nested(token)
            operand = self.unary()
            self.depth -= 1
            if token.text == "+":
                return operand
            if isinstance(operand, Num):
                return Num(-operand.value)
            return Neg(self.expr(operand, token))
        return self.power()

    def power(self) -> Value:
        """power: primary ("**" unary)?"""
        base = self.primary()
        if (op := self.peek()).is_op("**"):
            self.take()
            self.nested(op)
            exponent = self.unary()
            self.depth -= 1
            return self.arithmetic(op, base, exponent)
        return base

    def primary(self) -> Value:
        """primary: NUMBER | STRING | True | False | NAME | NAME "(" args ")" | "(" tuple ")"
        | "<function>" | "<VariableNumber" NAME "=" NUMBER ">" """
        token = self.take()
        if token.kind is T.NUMBER:
            return Num(float(token.value))  # type: ignore[arg-type]  # a NUMBER token's value is a float
        if token.kind is T.STRING:
            return Str(str(token.value))
        if token.kind is T.WORD:
            if token.text in ("True", "False"):
                return Bool(token.text == "True")
            if self.peek().is_op("("):
                self.take()
                self.nested(token)
                args, _ = self.sequence(")")
                self.depth -= 1
                return Call(token.text, tuple(self.expr(a, token) for a in args))
            return Var(token.text)
        if token.is_op("("):
            self.nested(token)
            items, trailing_comma = self.sequence(")")
            self.depth -= 1
            if len(items) == 1 and not trailing_comma:
                return items[0]
            return Tuple(tuple(items))
        if token.is_op("<"):
            return self.reference(token)
        raise self.fail(f"expected a value, found {token.text or 'the end'!r}", token)

    def sequence(self, closer: str) -> tuple[list[Value], bool]:
        """sequence: (value ("," value)* ","?)? closer"""
        items: list[Value] = []
        trailing = False
        while not self.peek().is_op(closer):
            items.append(self.value())
            trailing = False
            if self.peek().is_op(","):
                self.take()
                trailing = True
            elif not self.peek().is_op(closer):
                token = self.take()
                found = token.text or "the end"
                raise self.fail(f"expected ',' or {closer!r}, found {found!r}", token)
        self.take()
        return items, trailing

    def reference(self, opener: Token) -> Value:
        """reference: "<function>" | "<VariableNumber" NAME "=" NUMBER ">" """
        word = self.take()
        if word.is_word("function"):
            self.expect_op(">")
            return FunctionValue()
        if word.is_word("VariableNumber"):
            name = self.take()
            if name.kind is not T.WORD:
                raise self.fail("expected the variable's name", name)
            self.expect_op("=")
            sign = -1.0 if self.peek().is_op("-") and self.take() else 1.0
            number = self.take()
            if number.kind is not T.NUMBER:
                raise self.fail("expected the variable's value", number)
            self.expect_op(">")
            return Var(name.text, sign * float(number.value))  # type: ignore[arg-type]  # a NUMBER token's value is a float
        if self.peek().kind is T.CUT:  # the recording cut it off inside its first word
            self.take()
        raise self.fail("expected <function> or <VariableNumber NAME = VALUE>", opener)


def _whole(source: str, what: str) -> tuple[Value, _ValueParser, Token]:
    """A value that must fill all of `source`, with the parser and the end token it stopped on."""
    if len(source) > MAX_SOURCE:
        raise GrammarError(f"longer than {MAX_SOURCE} characters", source, 0)
    parser = _ValueParser(Lexer(source))
    try:
        value = parser.value()
    except _Cut as cut:
        raise parser.fail("a value cut off with … cannot be used here", cut.token) from None
    rest = parser.lex.next()
    if rest.kind is not T.END:
        raise parser.fail(f"unexpected {rest.text!r} after the {what}", rest)
    return value, parser, rest


def parse_expression(source: str) -> Expr:
    """An arithmetic expression on its own, as overrides write them: `sin(x) * 0.5`."""
    value, parser, end = _whole(source, "expression")
    return parser.expr(value, end)


def parse_value(source: str) -> Value:
    """A literal or expression as an override gives it in a string."""
    return _whole(source, "value")[0]


# ---------------------------------------------------------------- descriptions


class _DescriptionParser:
    def __init__(self, kinds: Kinds, source: str):
        self.kinds = kinds
        self.source = source
        self._text_end: tuple[int | None, tuple, GrammarError | None] | None = None

    def fail(self, message: str, at: int, end: int | None = None) -> GrammarError:
        return GrammarError(message, self.source, at, end)

    def description(self) -> Description:
        """description: ("a" | "an") KIND ("[" COLOR "]")? rest"""
        src = self.source
        m = re.match(r"\s*(an?)\s+([A-Za-z]+)", src)
        if not m:
            raise self.fail('a description starts with "a KIND" or "an KIND"', 0)
        entry = self.kinds.get(m.group(2))
        if entry is None:
            names = ", ".join(d.kind.value for d in self.kinds.values())
            raise self.fail(f"unknown kind {m.group(2)!r} (known: {names})", m.start(2), m.end(2))
        kind = entry.kind
        pos = m.end()
        color = None
        cm = re.match(r"\s*\[([^\]]*)\]", src[pos:])
        if cm:
            color = cm.group(1).strip()
            if not _COLOR.fullmatch(color):
                raise self.fail(f"{color!r} is not a colour name", pos + cm.start(1))
            pos += cm.end()
        label, text, parent, params = self.rest(pos)
        return Description(kind, color, label, text, parent, params)

    def rest(self, pos: int) -> tuple[str | None, str | None, str | None, tuple]:
        """rest: ("labelled" QUOTED)? ("that says" QUOTED)? ("drawn in" NAME)? params? END"""
        src = self.source
        m = re.match(r'\s+labelled\s+"', src[pos:])
        if m:
            start = pos + m.end()
            # The label ends at the first closing quote after which the description still parses;
            # where none does, the fault is the one found furthest on (a bad parameter, say, not
            # a quote missing)
            furthest: GrammarError | None = None
            for close in _quotes(src, start):
                try:
                    text, parent, params = self.after_label(close + 1)
                except GrammarError as exc:
                    furthest = exc if furthest is None or exc.start >= furthest.start else furthest
                    continue
                return src[start:close], text, parent, params
            raise furthest or self.fail("the label's closing quote is missing", start - 1)
        return (None, *self.after_label(pos))

    def after_label(self, pos: int) -> tuple[str | None, str | None, tuple]:
        src = self.source
        m = re.match(r'\s+that\s+says\s+"', src[pos:])
        if m:
            start = pos + m.end()
            close, (parent, params) = self.text_end(start)
            return src[start:close], parent, params
        return (None, *self.after_text(pos))

    def text_end(self, start: int) -> tuple[int, tuple]:
        """The text ends at the last quote after which the description still parses.

        Which quote that is does not depend on where the text starts, so it is searched for
        once: searching again for every candidate end of the label would take cubic time.
        """
        if self._text_end is None:
            self._text_end = self._last_parsing_quote()
        close, tail, last_error = self._text_end
        if close is not None and close >= start:
            return close, tail
        if self.source.find('"', start) == -1 or last_error is None:
            raise self.fail("the text's closing quote is missing", start - 1)
        raise last_error

    def _last_parsing_quote(self) -> tuple[int | None, tuple, GrammarError | None]:
        """The last quote whose tail parses, that tail, and the last quote's own error."""
        last_error: GrammarError | None = None
        for close in reversed(list(_quotes(self.source, 0))):
            try:
                return close, self.after_text(close + 1), last_error
            except GrammarError as exc:
                last_error = last_error or exc
        return None, (), last_error

    def after_text(self, pos: int) -> tuple[str | None, tuple]:
        """after_text: ("drawn in" NAME)? ("(" params ")")? END"""
        src = self.source
        parent = None
        m = re.match(r"\s+drawn\s+in\s+([A-Za-z_][A-Za-z0-9_]*)", src[pos:])
        if m:
            parent = m.group(1)
            pos += m.end()
        params: tuple = ()
        m = re.match(r"\s*\(", src[pos:])
        if m:
            params, pos = self.params(pos + m.end())
        if src[pos:].strip():
            raise self.fail(f"unexpected {src[pos:].strip()[:20]!r}", pos)
        return parent, params

    def params(self, pos: int) -> tuple[tuple, int]:
        """params: (NAME "=" value ("," NAME "=" value)*)? ")" — a value may end early in `…`"""
        lexer = Lexer(self.source, pos)
        parser = _ValueParser(lexer)
        items: list[tuple[str, Value]] = []
        seen: set[str] = set()
        while True:
            token = lexer.next()
            if token.is_op(")") and not items:
                return (), lexer.pos
            if token.kind is not T.WORD:
                raise self.fail("expected a parameter name", token.start, token.end)
            if token.text in seen:
                raise self.fail(f"parameter {token.text!r} is given twice", token.start, token.end)
            seen.add(token.text)
            eq = lexer.next()
            if not eq.is_op("="):
                raise self.fail(f"expected '=' after {token.text!r}", eq.start, eq.end)
            value_start = lexer.pos
            try:
                value = parser.value()
            except _Cut as cut:
                parser.depth = 0  # the cut left its open brackets counted
                prefix = self.source[value_start : cut.token.start].strip()
                value = Truncated(prefix)
            items.append((token.text, value))
            sep = lexer.next()
            if sep.is_op(")"):
                return tuple(items), lexer.pos
            if not sep.is_op(","):
                raise self.fail(f"expected ',' or ')', found {sep.text or 'the end'!r}", sep.start)


def _quotes(source: str, start: int) -> Iterator[int]:
    """Positions of `"` at or after `start`."""
    pos = source.find('"', start)
    while pos != -1:
        yield pos
        pos = source.find('"', pos + 1)


def parse_untyped(kinds: Kinds, source: str) -> Description:
    """The kind-independent reading of a description (its kind one of `kinds`)."""
    if len(source) > MAX_SOURCE:
        raise GrammarError(f"description is longer than {MAX_SOURCE} characters", source, 0)
    return _DescriptionParser(kinds, source).description()


def parse_description(kinds: Kinds, source: str, name: str = "object") -> tuple[Spec, tuple[str, ...]]:
    """A description as its kind's typed spec, and the parameter names the kind does not take."""
    frame = parse_untyped(kinds, source)
    definition = kinds[frame.kind]
    types = definition.params
    values: dict[str, object] = {}
    unknown: list[str] = []
    for key, value in frame.params:
        if key not in types:
            unknown.append(key)
            continue
        values[key] = _coerce(types[key], key, value, source)
    spec = definition.spec(
        name=name,
        kind=frame.kind,
        color=frame.color,
        label=frame.label,
        text=frame.text,
        parent=frame.parent,
        **values,
    )
    return spec, tuple(unknown)


def _coerce(kind: FieldType, key: str, value: Value, source: str) -> object:
    """Plain Python values for the fields that hold them; everything else stays a Value."""
    at = max(0, source.find(key + "="))
    if kind is FieldType.FLAG:
        if not isinstance(value, Bool):
            raise GrammarError(f"{key} must be True or False", source, at)
        return value.value
    if kind in (FieldType.TEXT, FieldType.REF):
        if not isinstance(value, Str):
            raise GrammarError(f"{key} must be a quoted string", source, at)
        return value.value
    if kind is FieldType.FUNCTION and not isinstance(value, FunctionValue | Truncated):
        if isinstance(value, Str):  # a body recorded as its source text: 'x * (10 - x) / 5'
            try:
                return FunctionValue(body=parse_expression(value.value))
            except GrammarError:
                raise GrammarError("a function must be an expression of x", source, at) from None
        if not isinstance(value, _ARITHMETIC):
            raise GrammarError("a function must be an expression of x", source, at)
        return FunctionValue(body=value)
    return value


# ---------------------------------------------------------------- actions

_PARTS = re.compile(r'\(the "(?P<part>.*)" part\)\s+')


def parse_action(forms: Iterable[FormEntry], source: str) -> Action:
    """action: "A box is drawn around" NAME "." | NAME ":" HINT "." | NAME part? tail "."

    part: "(the" QUOTED "part)"; tail is one of the fixed phrases of the format, those of `forms`
    (`lecturekit.forms.FORMS`): whole phrases are tried first, then the others in their order.
    """
    if len(source) > MAX_SOURCE:
        raise GrammarError(f"action is longer than {MAX_SOURCE} characters", source, 0)
    text = source.strip()
    body = text[:-1].rstrip() if text.endswith(".") else text
    forms = tuple(forms)
    for phrase in (p for f in forms for p in f.phrases if p.whole):
        m = phrase.pattern.fullmatch(body)
        if m:
            return phrase.make(m.group(1), None, m, source)
    m = _NAME.match(body)
    if not m:
        raise GrammarError("an action starts with the object's name", source, 0)
    name, pos = m.group(0), m.end()
    rest = body[pos:].lstrip()
    part: Part | None = None
    pm = _PARTS.match(rest)
    if pm:
        part = _part(pm.group("part"), source)
        rest = rest[pm.end() :]
    for form, phrase in ((f, p) for f in forms for p in f.phrases if not p.whole):
        tm = phrase.pattern.fullmatch(rest)
        if tm:
            if part is not None and not form.takes_part:
                raise GrammarError(f"a part cannot be named for this action ({phrase.name})", source, 0)
            return phrase.make(name, part, tm, source)
    raise GrammarError(
        f"{rest[:40]!r} is not an action this format knows "
        "(shown, hidden, moves, emphasized, indicated, box, ticks to, redrawn)",
        source,
        pos,
    )


def _part(text: str, source: str) -> Part:
    """part: "row=N" | "column=N" | TEXT ("#" N)?"""
    m = re.fullmatch(r"(row|column)\s*=\s*(\d{1,6})", text)
    if m:
        index = int(m.group(2))
        if index < 1:
            raise GrammarError("rows and columns count from 1", source, 0)
        return RowPart(index) if m.group(1) == "row" else ColumnPart(index)
    m = re.fullmatch(r"(.+)#(\d{1,6})", text, re.DOTALL)  # a longer number is text, not a count
    if m:
        occurrence = int(m.group(2))
        if occurrence < 1:
            raise GrammarError("occurrences count from 1", source, 0)
        return TextPart(m.group(1), occurrence)
    if not text:
        raise GrammarError("the part is empty", source, 0)
    return TextPart(text)


__all__ = [
    "ELLIPSIS",
    "parse_action",
    "parse_description",
    "parse_expression",
    "parse_untyped",
    "parse_value",
]
