//! The harness thread: it sets the exhibition loop up and drives it, event by event, sending
//! the events to the screen in batches (each time the machine is about to think) with a view of
//! the machine, taking the person's inputs, and at a set pace holding each of SILLIAC's replies
//! until its period time has passed.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dama::exhibition::{Event, EventKind, Exhibition, ExhibitionOptions, Input};

use super::pace::{Pace, PeriodClock};
use super::render::GRID;
use super::view::{MachineView, StoreView, View};

/// What the harness tells the screen.
pub enum ToUi {
    /// The loop is set up (the first message, or `Failed`).
    Ready,
    /// Paced: SILLIAC is thinking about this board (its reply is held until its period time
    /// has passed at the pace).
    Thinking(u8),
    Events(Vec<Event>, MachineView),
    Failed(String),
}

/// What the screen tells the harness besides the loop's inputs: pause, and single steps.
#[derive(Debug, Default)]
pub struct Control {
    paused: AtomicBool,
    /// SILLIAC moves still to be played while paused (`s`).
    steps: AtomicUsize,
}

impl Control {
    pub fn paused(&self) -> bool {
        self.paused.load(Ordering::Relaxed)
    }

    pub fn set_paused(&self, paused: bool) {
        self.paused.store(paused, Ordering::Relaxed);
    }

    /// One SILLIAC move more while paused (`s`).
    pub fn add_step(&self) {
        self.steps.fetch_add(1, Ordering::Relaxed);
    }

    fn steps_left(&self) -> usize {
        self.steps.load(Ordering::Relaxed)
    }

    /// Take one of the steps asked for, if there is one.
    fn take_step(&self) -> bool {
        self.steps
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
            .is_ok()
    }
}

/// How long the harness sleeps while paused, and the longest sleep of a held reply, so that
/// the person's keys are answered at once.
const PAUSED: Duration = Duration::from_millis(50);
const HOLD_SLICE: Duration = Duration::from_millis(20);
/// How long the harness waits for a person's move before it looks at the loop again.
const WAITING: Duration = Duration::from_millis(100);

/// The harness: set the loop up, then drive it to its end or until the screen is gone.
pub fn harness(
    opts: ExhibitionOptions,
    pace: Pace,
    to_ui: Sender<ToUi>,
    from_ui: Receiver<Input>,
    control: Arc<Control>,
) {
    let ex = match Exhibition::new(&opts) {
        Ok(ex) => ex,
        Err(e) => {
            let _ = to_ui.send(ToUi::Failed(e.to_string()));
            return;
        }
    };
    if to_ui.send(ToUi::Ready).is_err() {
        return;
    }
    let mut driver = Driver {
        ex,
        pace,
        to_ui: &to_ui,
        from_ui: &from_ui,
        control: &control,
        host: Duration::ZERO,
        batch: Vec::new(),
        clock: PeriodClock::default(),
    };
    if let Err(e) = driver.run() {
        let _ = to_ui.send(ToUi::Failed(e));
    }
}

/// Whether the harness goes on: `Stop` when the screen is gone or the person has quit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

impl Flow {
    fn of(sent: bool) -> Flow {
        if sent {
            Flow::Go
        } else {
            Flow::Stop
        }
    }
}

/// The loop and what the harness keeps while driving it.
struct Driver<'a> {
    ex: Exhibition,
    pace: Pace,
    to_ui: &'a Sender<ToUi>,
    from_ui: &'a Receiver<Input>,
    control: &'a Control,
    /// Host time spent emulating.
    host: Duration,
    /// The events not yet sent to the screen.
    batch: Vec<Event>,
    clock: PeriodClock,
}

impl Driver<'_> {
    fn run(&mut self) -> Result<(), String> {
        while self.turn()? == Flow::Go {}
        Ok(())
    }

    /// One turn: the person's inputs, then one event of the loop (none while paused).
    fn turn(&mut self) -> Result<Flow, String> {
        if self.drain() == Flow::Stop {
            return Ok(Flow::Stop);
        }
        let stepping = self.control.paused();
        if stepping && self.control.steps_left() == 0 {
            self.clock.stop();
            std::thread::sleep(PAUSED);
            return Ok(Flow::Go);
        }
        let t = Instant::now();
        let next = self.ex.next_event().map_err(|e| e.to_string())?;
        self.host += t.elapsed();
        let Some(e) = next else {
            // Every game is over: stay until the person quits.
            while self.from_ui.recv().is_ok() {}
            return Ok(Flow::Stop);
        };
        if let EventKind::MachineMove(m) = &e.kind {
            if stepping {
                self.control.take_step();
            } else if let Pace::Times(x) = self.pace {
                if self.hold(m.board, e.clock_ns, x) == Flow::Stop {
                    return Ok(Flow::Stop);
                }
            }
        }
        self.clock.passed(e.clock_ns);
        let waiting = matches!(e.kind, EventKind::Waiting { .. });
        self.batch.push(e);
        if self.ex.queued() == 0 && self.send_batch() == Flow::Stop {
            return Ok(Flow::Stop);
        }
        if waiting {
            self.clock.stop();
            return Ok(self.wait_for_person());
        }
        Ok(Flow::Go)
    }

    /// Take the person's inputs. The screen checked them; a move on a board handed back
    /// meanwhile is just dropped.
    fn drain(&mut self) -> Flow {
        loop {
            match self.from_ui.try_recv() {
                Ok(input) => {
                    let _ = self.ex.input(input);
                }
                Err(TryRecvError::Empty) => return Flow::Go,
                Err(TryRecvError::Disconnected) => return Flow::Stop,
            }
        }
    }

    /// The loop waits for a person's move: take it when it comes, or look again soon.
    fn wait_for_person(&mut self) -> Flow {
        match self.from_ui.recv_timeout(WAITING) {
            Ok(input) => {
                let _ = self.ex.input(input);
                Flow::Go
            }
            Err(RecvTimeoutError::Timeout) => Flow::Go,
            Err(RecvTimeoutError::Disconnected) => Flow::Stop,
        }
    }

    /// The events so far, with a view of the machine.
    fn send_batch(&mut self) -> Flow {
        let view = MachineView::of(self.ex.machine(), self.host);
        let events = std::mem::take(&mut self.batch);
        Flow::of(self.to_ui.send(ToUi::Events(events, view)).is_ok())
    }

    /// Show what came before SILLIAC's move on `board`, say that it is thinking there, and hold
    /// its reply until its period time `clock_ns` has passed at `times` period seconds a host
    /// second (or a step is asked for while paused).
    fn hold(&mut self, board: u8, clock_ns: u64, times: f64) -> Flow {
        if self.send_batch() == Flow::Stop || self.to_ui.send(ToUi::Thinking(board)).is_err() {
            return Flow::Stop;
        }
        loop {
            let due = self.clock.due(clock_ns, times);
            let now = Instant::now();
            // Paused while this move was held, then `s`: this is the step's move.
            if now >= due || (self.control.paused() && self.control.take_step()) {
                return Flow::Go;
            }
            if self.control.paused() {
                std::thread::sleep(PAUSED);
                self.clock.hold_back(now.elapsed());
            } else {
                std::thread::sleep((due - now).min(HOLD_SLICE));
            }
            if self.drain() == Flow::Stop {
                return Flow::Stop;
            }
        }
    }
}

/// The exhibition run to its end on this thread, as the live view's harness runs it at
/// `--pace max`, for the bench: with `view`, after each batch of events the machine's view is
/// taken and the whole screen drawn with the store as its 40 tubes (the costliest panel), on
/// this same thread, so that its cost counts against the emulator. The orders run.
pub fn bench_run(opts: &ExhibitionOptions, view: bool) -> Result<u64, String> {
    let mut ex = Exhibition::new(opts).map_err(|e| e.to_string())?;
    let mut screen = View::new(String::new());
    screen.store_view = StoreView::Tubes;
    let mut drawn = 0usize;
    while let Some(e) = ex.next_event().map_err(|e| e.to_string())? {
        if view {
            screen.take(&e);
            if ex.queued() == 0 {
                screen.machine = Some(MachineView::of(ex.machine(), Duration::ZERO));
                drawn += screen.render(GRID.0, GRID.1).text().len();
            }
        }
    }
    // The frames are used, so the drawing is not optimised away.
    std::hint::black_box(drawn);
    Ok(ex.machine().orders())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// The view and the report drive the same loop: with no person playing, the view's harness
    /// writes the very records the report does, and its boards end as the report's.
    #[test]
    fn the_view_and_the_report_write_the_same_records() {
        let base = std::env::temp_dir().join(format!("fm-view-records-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let opts = |dir: &str| ExhibitionOptions {
            boards: 2,
            seed: 7,
            opponents: vec!["greedy".into(), "random".into()],
            record_dir: Some(base.join(dir)),
            ..ExhibitionOptions::default()
        };
        let (to_ui, from_harness) = mpsc::channel();
        let (to_harness, from_ui) = mpsc::channel();
        let control = Arc::new(Control::default());
        let (o, c) = (opts("view"), control.clone());
        let thread = std::thread::spawn(move || harness(o, Pace::Max, to_ui, from_ui, c));
        let mut v = View::new("demo".into());
        loop {
            match from_harness.recv().unwrap() {
                ToUi::Ready | ToUi::Thinking(_) => {}
                ToUi::Events(events, m) => {
                    events.iter().for_each(|e| v.take(e));
                    v.machine = Some(m);
                    if events
                        .iter()
                        .any(|e| matches!(e.kind, EventKind::Finished(_)))
                    {
                        break;
                    }
                }
                ToUi::Failed(e) => panic!("{e}"),
            }
        }
        drop(to_harness);
        thread.join().unwrap();
        let report = dama::exhibition::exhibition(&opts("report")).unwrap();
        for (b, r) in v.boards.iter().zip(&report.results) {
            let file = |dir: &str| {
                std::fs::read_to_string(base.join(dir).join(format!("board-{:02}.txt", b.board)))
                    .unwrap()
            };
            assert_eq!(file("view"), file("report"), "board {}", b.board);
            assert_eq!(b.moves.len(), r.half_moves);
            let (winner, end) = (r.winner.unwrap(), r.end.unwrap());
            assert_eq!(b.result, Some(format!("{winner} wins ({end:?})")));
        }
        assert_eq!(v.mismatches, report.mismatches.len());
        assert_eq!(v.machine.unwrap().orders, report.orders);
        let _ = std::fs::remove_dir_all(&base);
    }
}
