//! `firstmoves dama exhibition --tui`: the exhibition on a terminal. The exhibition loop
//! (`dama::exhibition::Exhibition`) plays every board in a harness thread (`driver.rs`, paced
//! by `pace.rs`) and hands its events here; the screen folds them into the boards (`view.rs`,
//! `board.rs`), draws them with the machine's registers and its store (`render.rs`), and lets
//! a person take over a board (B's side) and type its moves (`keys.rs`).

use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use dama::exhibition::{ExhibitionOptions, Input};

use super::term::Terminal;
use driver::{harness, Control, ToUi};
use view::View;

mod board;
mod driver;
mod keys;
mod pace;
mod render;
mod view;

pub use driver::bench_run;
pub use pace::Pace;

/// Watch the exhibition at `pace`, a person playing B on the boards `human` from the start.
pub fn run(opts: ExhibitionOptions, pace: Pace, human: &[u8]) -> anyhow::Result<()> {
    if let Some(n) = human.iter().find(|&&n| n == 0 || n > opts.boards) {
        anyhow::bail!(
            "--human {n}: the exhibition has boards 1 to {}",
            opts.boards
        );
    }
    let mut view = View::new(opts.setting.to_string());
    view.pace = pace;
    view.human_from_start = human.to_vec();
    let mut term = Terminal::enter()?;
    let (to_ui, from_harness) = mpsc::channel();
    let (to_harness, from_ui) = mpsc::channel();
    let control = Arc::new(Control::default());
    let c = control.clone();
    std::thread::Builder::new()
        .stack_size(harness::THREAD_STACK)
        .spawn(move || harness(opts, pace, to_ui, from_ui, c))
        .context("starting the exhibition's thread")?;
    // A loop that cannot be set up (boards, opponents, records) is an error, not a screen.
    match from_harness.recv() {
        Ok(ToUi::Ready) => {}
        Ok(ToUi::Failed(e)) => {
            drop(term);
            anyhow::bail!(e);
        }
        _ => anyhow::bail!("the exhibition harness ended at once"),
    }
    // The person's boards, before the loop's first reply can reach them.
    for &board in human {
        let _ = to_harness.send(Input::Hold { board, human: true });
    }
    while !term.stopped() {
        while let Ok(msg) = from_harness.try_recv() {
            view.hear(msg);
        }
        let (w, h) = term.size();
        term.draw(&view.render(w, h))?;
        let Some(k) = term.key(Duration::from_millis(100))? else {
            continue;
        };
        match view.key(k.code, k.modifiers) {
            None => break,
            Some(Some(input)) => {
                let _ = to_harness.send(input);
            }
            Some(None) => {}
        }
        if std::mem::take(&mut view.step) {
            control.add_step();
        }
        control.set_paused(view.paused);
    }
    drop(term);
    Ok(())
}

impl View {
    /// What the harness said: results show on the boards; the message line is the person's.
    fn hear(&mut self, msg: ToUi) {
        match msg {
            ToUi::Ready => {}
            ToUi::Thinking(b) => self.thinking = Some(b),
            ToUi::Events(events, m) => {
                events.iter().for_each(|e| self.take(e));
                self.machine = Some(m);
                if self.message.starts_with("loading") {
                    self.message.clear();
                }
            }
            ToUi::Failed(e) => self.message = format!("the harness stopped: {e}"),
        }
    }
}
