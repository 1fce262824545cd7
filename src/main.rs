use clap::Parser;
use kaleido::cli::{run, Cli};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // `kaleido match -engine cmd=... -each tc=...`: cutechess-cli's spelling, rewritten.
    let args = match kaleido::cli::cutechess::rewrite(std::env::args_os().collect()) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        // A mistake in the arguments is one `error:` line, as every other error is; clap's
        // usage and tips follow on `--help`.
        Err(e) if e.use_stderr() => {
            let text = e.to_string();
            // A first line ending in `:` lists what it means on the indented lines below.
            let mut lines = text.lines();
            let mut first = lines.next().unwrap_or("error: bad arguments").to_string();
            if first.ends_with(':') {
                let listed: Vec<&str> = lines
                    .take_while(|line| line.starts_with(' '))
                    .map(str::trim)
                    .collect();
                first = format!("{first} {}", listed.join(", "));
            }
            eprintln!("{first} (see kaleido --help)");
            std::process::exit(2);
        }
        // `--help` and `--version` print to stdout and succeed.
        Err(e) => e.exit(),
    };
    if let Err(e) = run(cli) {
        eprintln!("error: {}", e.0);
        std::process::exit(2);
    }
}
