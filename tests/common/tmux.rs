//! A tmux terminal for the tests that drive terminal views (tests/tui_tmux.rs, and the
//! documents' `--tui` lines in tests/docs_commands.rs).

use std::process::Command;
use std::time::{Duration, Instant};

use super::BIN;

/// Generous: the machine running the tests may be loaded.
pub const WAIT: Duration = Duration::from_secs(60);

/// A tmux session running one command, on a tmux server of its own (`-L`): tests run in
/// parallel, and a shared server that exits as one test kills its last session fails another
/// test's `new-session` ("server exited unexpectedly"). Killed when dropped.
pub struct Session {
    name: String,
}

/// `tmux -L SOCKET`: the session's own server.
fn tmux_on(socket: &str) -> Command {
    let mut c = Command::new("tmux");
    c.args(["-L", socket]);
    c
}

impl Session {
    pub fn start(tag: &str, w: u16, h: u16, args: &str) -> Session {
        Session::shell(
            tag,
            w,
            h,
            &format!("{BIN} {args}; echo EXITED $?; sleep 120"),
        )
    }

    /// A session running the shell command `shell`.
    pub fn shell(tag: &str, w: u16, h: u16, shell: &str) -> Session {
        let name = format!("fm-{tag}-{}", std::process::id());
        let status = tmux_on(&name)
            .args(["-f", "/dev/null", "new-session", "-d", "-s", &name])
            .args(["-x", &w.to_string(), "-y", &h.to_string(), shell])
            .status()
            .unwrap();
        assert!(status.success(), "tmux new-session failed");
        Session { name }
    }

    pub fn tmux(&self, args: &[&str]) {
        let status = tmux_on(&self.name).args(args).status().unwrap();
        assert!(status.success(), "tmux {args:?}");
    }

    pub fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.tmux(&["send-keys", "-t", &self.name, k]);
        }
    }

    pub fn text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", &self.name, "-l", text]);
    }

    pub fn capture(&self) -> String {
        let out = tmux_on(&self.name)
            .args(["capture-pane", "-p", "-t", &self.name])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Wait until the pane shows `what`; the pane's text.
    pub fn wait_for(&self, what: &str) -> String {
        self.wait_until(what, |s| s.contains(what))
    }

    pub fn wait_until(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        self.poll(WAIT, ok)
            .unwrap_or_else(|screen| panic!("`{what}` never appeared; the pane:\n{screen}"))
    }

    /// The pane once `ok` holds of it, or the last pane seen when `limit` has passed.
    pub fn poll(&self, limit: Duration, ok: impl Fn(&str) -> bool) -> Result<String, String> {
        let start = Instant::now();
        loop {
            let screen = self.capture();
            if ok(&screen) {
                return Ok(screen);
            }
            if start.elapsed() > limit {
                return Err(screen);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub fn resize(&self, w: u16, h: u16) {
        self.tmux(&[
            "resize-window",
            "-t",
            &self.name,
            "-x",
            &w.to_string(),
            "-y",
            &h.to_string(),
        ]);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = tmux_on(&self.name).arg("kill-server").status();
    }
}
