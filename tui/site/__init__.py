"""The league's web site: static HTML pages made from the league (`impact site -o DIR`).

Textual-free (an import-linter contract says so): the generator reads the league through
tui.services only and writes with Jinja2 templates shipped beside it (templates/, static/).
"""
