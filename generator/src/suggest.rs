//! `sdkgen check --suggest-overlay FILE`: an overlay (Overlay Specification
//! 1.0) with one action per finding the spec's author can fix, for the
//! provider to review, complete and apply with `--overlay`. Nothing in it
//! changes what the SDKs do until a choice is made: every action starts
//! with an empty `update` and the choices as comments, since guessing a
//! server's behaviour is exactly what the audit exists to prevent.

use std::fmt::Write as _;

use crate::check::Report;
use crate::ir::Api;
use crate::load::overlay::operation_target;

/// The overlay's text (YAML).
pub fn overlay(api: &Api, report: &Report) -> String {
    let mut out = String::new();
    out.push_str("overlay: 1.0.0\ninfo:\n");
    let _ = writeln!(
        out,
        "  title: {}",
        scalar(&format!(
            "Fixes for the findings of sdkgen check on {}",
            api.title
        ))
    );
    out.push_str("  version: 0.1.0\n");
    out.push_str(
        "# Written by `sdkgen check --suggest-overlay`. Each action below answers one\n\
         # finding. None changes anything yet: in each, replace `update: {}` with\n\
         # the commented `update` that is true of your server, then apply it with\n\
         # `sdkgen check|build --overlay FILE` or `overlays = [...]` in sdkgen.toml.\n\
         # Where every operation of a kind gets the same answer, one action with a\n\
         # wildcard target does it for all: `$.paths.*.post`.\n",
    );
    out.push_str("actions:\n");
    let mut actions = 0;

    let contract = &api.key_contract;
    let undeclared = report
        .findings
        .iter()
        .any(|f| f.rule == "key-contract-undeclared");
    if undeclared {
        actions += 1;
        let d = &crate::defaults::get().key;
        out.push_str("  - target: $\n");
        out.push_str(
            "    description: Declare the rest of the server's idempotency-key contract.\n",
        );
        out.push_str("    update: {}\n");
        out.push_str("    # update:\n    #   x-idempotency:\n");
        let mut line = |field: &str, value: String, note: &str| {
            let _ = writeln!(out, "    #     {field}: {value}  # {note}");
        };
        if contract.replay_window.is_none() {
            line(
                "replay-window",
                d.replay_window.clone(),
                "how long a key's first response is kept",
            );
        }
        if contract.in_flight_code.is_none() {
            line(
                "in-flight-code",
                d.in_flight_code.clone(),
                "409 code: the first request with this key is still running",
            );
        }
        if contract.mismatch_code.is_none() {
            line(
                "mismatch-code",
                d.mismatch_code.clone(),
                "409 code: the key was used with another request",
            );
        }
        if contract.failures.is_none() {
            line(
                "failures",
                "replay".into(),
                "or reattempt: what a retry of a failed request gets",
            );
        }
    }

    for finding in &report.findings {
        let Some(op) = &finding.operation else {
            continue;
        };
        let method = op.method.to_ascii_lowercase();
        let target = operation_target(&op.path, &method);
        let about = format!("{} {} ({})", op.method, op.path, op.operation_id);
        match finding.rule {
            "unsafe-undocumented" => {
                actions += 1;
                let _ = writeln!(out, "  - target: {}", scalar(&target));
                let _ = writeln!(
                    out,
                    "    description: {}",
                    scalar(&format!(
                        "{about} takes no idempotency key and says nothing of retries."
                    ))
                );
                out.push_str("    update: {}\n");
                let _ = writeln!(
                    out,
                    "    # update: {{x-idempotency: true}}   # the server honours `{}` on it: SDKs send one key per call",
                    inert(contract.header())
                );
                out.push_str("    # update: {x-idempotent: false}   # not safe to repeat: SDKs retry it only when it was never sent\n");
                out.push_str("    # update: {x-idempotent: true}    # repeating it changes nothing: SDKs retry it like a PUT\n");
            }
            "idempotency-claim" => {
                actions += 1;
                let _ = writeln!(out, "  - target: {}", scalar(&target));
                let _ = writeln!(
                    out,
                    "    description: {}",
                    scalar(&format!(
                        "{about}: its text says each call changes state again."
                    ))
                );
                out.push_str("    update: {}\n");
                out.push_str("    # update: {x-idempotent: false}   # each call does act again: SDKs stop retrying it after a timeout\n");
                out.push_str("    # update: {x-idempotent: true}    # the text misleads: repeating it changes nothing\n");
            }
            _ => {}
        }
    }

    let without_hint: Vec<_> = api
        .operations
        .iter()
        .filter(|o| o.plan.retry.p99.is_none())
        .collect();
    if !without_hint.is_empty() {
        actions += 1;
        let _ = writeln!(
            out,
            "  # Latency hints: with `x-latency-p99-ms` an attempt times out after {} times\n  \
             # the operation's p99 instead of using the whole deadline. Set once at the\n  \
             # root, it covers every operation without one of its own.",
            crate::defaults::get().attempt_timeout_p99_multiplier
        );
        out.push_str("  - target: $\n");
        out.push_str("    description: A latency hint for the operations without one.\n");
        out.push_str("    update: {}\n");
        let _ = writeln!(
            out,
            "    # update: {{x-latency-p99-ms: 1000}}   # your API's measured p99 in ms ({} operations have none)",
            without_hint.len()
        );
    }
    if actions == 0 {
        // An overlay needs an action; one that selects the root and changes
        // nothing says there was nothing to fix.
        out.push_str("  - target: $\n");
        out.push_str("    description: sdkgen check found nothing to fix.\n");
        out.push_str("    update: {}\n");
    }
    out
}

/// A YAML scalar that no spec text can break out of: a JSON string is a
/// valid double-quoted YAML scalar, with every control character escaped.
fn scalar(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_string())
}

/// Text for a YAML comment: one line, no control characters.
fn inert(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_and_comments_cannot_break_out() {
        assert_eq!(scalar("a\nb: \"c\""), "\"a\\nb: \\\"c\\\"\"");
        assert_eq!(inert("x\ny\r\u{1b}z"), "x y  z");
    }
}
