"""The login of a browser session (`impact serve` on a PostgreSQL league): the person's own
PostgreSQL role and password, tried against the database; the app opens the league as that
role once the database lets it in. The password is kept in this process only, for its
connections: never written anywhere, never shown."""
from __future__ import annotations

from textual import getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from league.errors import LeagueError
from tui import services
from tui.host import LeagueApp
from tui.language import Bilingual
from tui.messages import LoginAccepted, LoginRefused
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain

WORDS = {
    "title": ("ログイン", "Log in"),
    "intro": ("このリーグの PostgreSQL ロールとパスワードを入力してください。端末で接続したときと同じ"
              "権限で開きます。", "Log in with your PostgreSQL role and password for this league: "
              "you get exactly the rights you have in the terminal."),
    "where": ("データベース", "Database"),
    "role": ("ロール名", "Role"),
    "password": ("パスワード", "Password"),
    "trying": ("接続しています…", "Connecting…"),
    "no_role": ("ロール名を入力してください", "Type your role name"),
    "refused": ("ログインできません", "Cannot log in"),
}


def word(key: str, ja: bool) -> str:
    return WORDS[key][0 if ja else 1]


def with_login(url: str, role: str, password: str) -> str:
    """The league's URL with the person's role and password (kept in memory only)."""
    from tui.services import urls
    return urls.with_login(url, role, password)


class LoginScreen(Bilingual, Screen[str]):
    """Role, then password, Enter tries them; dismisses the URL to open the league with."""

    app = getters.app(LeagueApp)

    DEFAULT_CSS = """
    LoginScreen { align: center middle; }
    #login { width: 76; max-width: 100%; height: auto; border: thick $accent; padding: 0 1; }
    #login Input { margin: 0 0 0 0; }
    #login-message { color: $error; height: auto; }
    """
    BINDINGS = [Binding("ctrl+q", "app.quit", "key_quit", priority=True)]

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.trying = False

    def compose(self) -> ComposeResult:
        from tui.services import urls
        with Vertical(id="login"):
            yield Plain(id="login-title", classes="section-title")
            yield Plain(id="login-intro")
            yield Plain(urls.place(self.url).text(), id="login-where")
            yield Plain(id="login-role-label")
            yield Input(id="login-role", max_length=63)
            yield Plain(id="login-password-label")
            yield Input(id="login-password", password=True, max_length=1000)
            yield Static(id="login-message", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        Bilingual.on_mount(self)
        self.relabel()
        self.query_one("#login-role", Input).focus()

    @property
    def ja(self) -> bool:
        return bool(getattr(self.app, "japanese", True))

    def relabel(self) -> None:
        ja = self.ja
        self.query_one("#login-title", Static).update(f"Impact League  {word('title', ja)}")
        self.query_one("#login-intro", Static).update(word("intro", ja))
        self.query_one("#login-role", Input).placeholder = word("role", ja)
        self.query_one("#login-password", Input).placeholder = word("password", ja)
        self._mark_focus()

    def on_descendant_focus(self) -> None:
        self._mark_focus()

    def _mark_focus(self) -> None:
        """Each field's label, the one being typed in marked ▶ (a browser's terminal shows no
        caret until it has focus)."""
        ja = self.ja
        for key in ("role", "password"):
            box = self.query_one(f"#login-{key}", Input)
            self.query_one(f"#login-{key}-label", Static).update(
                ("▶ " if box.has_focus else "  ") + word(key, ja))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "login-role":
            self.query_one("#login-password", Input).focus()
            return
        self.try_login()

    def try_login(self) -> None:
        role = self.query_one("#login-role", Input).value.strip()
        password = self.query_one("#login-password", Input).value
        message = self.query_one("#login-message", Static)
        if not role:
            message.update(word("no_role", self.ja))
            self.query_one("#login-role", Input).focus()
            return
        if self.trying:
            return
        self.trying = True
        message.update(word("trying", self.ja))
        self._login_worker(role, password)

    @work(thread=True, exclusive=True, group="login")
    def _login_worker(self, role: str, password: str) -> None:
        try:
            url = with_login(self.url, role, password)
            who = services.whoami(url, self.app.league)
        except (LeagueError, Exception) as exc:  # the database's own words, in one line
            text = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
            services.close_all()
            self.post_message(LoginRefused(text.replace(password, "***") if password else text))
            return
        self.post_message(LoginAccepted(url, who))

    def on_login_refused(self, message: LoginRefused) -> None:
        text = message.text
        self.trying = False
        self.query_one("#login-message", Static).update(f"{word('refused', self.ja)}: {text}")
        box = self.query_one("#login-password", Input)
        box.value = ""
        box.focus()

    def on_login_accepted(self, message: LoginAccepted) -> None:
        url, who = message.url, message.who
        self.trying = False
        self.app.logged_in_as = who.role  # type: ignore[attr-defined]
        self.dismiss(url)
