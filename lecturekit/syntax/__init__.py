"""The description and action grammar: lexer, parser, nodes, and the expression evaluator."""

from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.parser import parse_action, parse_description, parse_expression

__all__ = ["GrammarError", "parse_action", "parse_description", "parse_expression"]
