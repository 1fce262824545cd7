//! `kaleido gui`: serves the web board on 127.0.0.1 (docs/gui.md).

use super::CliError;
use crate::gui::WebBoard;
use clap::Args;

#[derive(Args, Debug, Clone)]
pub struct GuiArgs {
    /// Port on 127.0.0.1 (0: any free port)
    #[arg(long, default_value_t = 8088)]
    pub port: u16,
    /// Open the page in the desktop's browser (xdg-open)
    #[arg(long)]
    pub open: bool,
}

pub fn run(args: GuiArgs) -> Result<(), CliError> {
    let board = WebBoard::bind(args.port)?;
    let url = board.url();
    // The one line a script waits for: where the page is.
    println!("kaleido web board: {url}");
    eprintln!("serving on 127.0.0.1 only; Ctrl-C stops the server");
    if args.open {
        match std::process::Command::new("xdg-open").arg(&url).spawn() {
            // Reaped on a thread of its own, so it leaves no zombie and the server starts now.
            Ok(mut child) => {
                let url = url.clone();
                std::thread::spawn(move || {
                    if !child.wait().is_ok_and(|status| status.success()) {
                        eprintln!("xdg-open could not open a browser; open {url} yourself");
                    }
                });
            }
            Err(e) => eprintln!("could not run xdg-open ({e}); open {url} yourself"),
        }
    }
    board.run();
    Ok(())
}
