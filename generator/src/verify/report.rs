//! What `sdkgen verify` found: per operation, per gate, an outcome with its
//! evidence; printed as a table or as JSON.

use serde::Serialize;

use super::Tally;

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Gate {
    Honoured,
    Concurrency,
    Mismatch,
    Scope,
    StoredFailures,
    Deadline,
}

impl Gate {
    pub const ALL: [Gate; 6] = [
        Gate::Honoured,
        Gate::Concurrency,
        Gate::Mismatch,
        Gate::Scope,
        Gate::StoredFailures,
        Gate::Deadline,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Gate::Honoured => "honoured",
            Gate::Concurrency => "concurrency",
            Gate::Mismatch => "mismatch",
            Gate::Scope => "scope",
            Gate::StoredFailures => "stored_failures",
            Gate::Deadline => "deadline",
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Pass,
    Fail,
    Skipped,
    /// The gate could not run (the server refused the request it is built
    /// on, the budget ran out): nothing was shown either way.
    Error,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Fail => "FAIL",
            Outcome::Skipped => "skipped",
            Outcome::Error => "error",
        }
    }
}

/// One request and its answer, as shown: credentials replaced by
/// `<credential N>`, bodies cut at 2,000 characters.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Exchange {
    pub request: String,
    pub headers: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct GateResult {
    pub gate: Gate,
    pub outcome: Outcome,
    /// What was seen, in a sentence.
    pub detail: String,
    /// The requests and answers that show it (on a fail or an error).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub evidence: Vec<Exchange>,
}

#[derive(Debug, Clone, Serialize)]
pub struct OperationReport {
    pub operation: String,
    pub method: String,
    pub path: String,
    pub gates: Vec<GateResult>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub api: String,
    pub base_url: String,
    pub host: String,
    pub requests: usize,
    pub elapsed_ms: u64,
    pub tally: Tally,
    pub operations: Vec<OperationReport>,
}

impl Report {
    pub fn tally_of(operations: &[OperationReport]) -> Tally {
        let mut t = Tally::default();
        for g in operations.iter().flat_map(|o| &o.gates) {
            match g.outcome {
                Outcome::Pass => t.passed += 1,
                Outcome::Fail => t.failed += 1,
                Outcome::Skipped => t.skipped += 1,
                Outcome::Error => t.errors += 1,
            }
        }
        t
    }

    /// 1 when a gate failed, else 2 when one could not run, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.tally.failed > 0 {
            1
        } else if self.tally.errors > 0 {
            2
        } else {
            0
        }
    }

    /// The outcome of one gate of one operation.
    pub fn outcome(&self, operation: &str, gate: Gate) -> Option<Outcome> {
        self.operations
            .iter()
            .find(|o| o.operation == operation)?
            .gates
            .iter()
            .find(|g| g.gate == gate)
            .map(|g| g.outcome)
    }

    pub fn to_table(&self) -> String {
        let mut out = format!("{} at {} (host {})\n\n", self.api, self.base_url, self.host);
        let op_width = self
            .operations
            .iter()
            .map(|o| o.operation.len())
            .max()
            .unwrap_or(9)
            .max(9);
        out.push_str(&format!(
            "{:<op_width$}  {:<15}  {:<7}  detail\n",
            "operation", "gate", "result"
        ));
        for op in &self.operations {
            for g in &op.gates {
                out.push_str(&format!(
                    "{:<op_width$}  {:<15}  {:<7}  {}\n",
                    op.operation,
                    g.gate.as_str(),
                    g.outcome.as_str(),
                    g.detail
                ));
                if matches!(g.outcome, Outcome::Fail | Outcome::Error) {
                    for e in &g.evidence {
                        out.push_str(&exchange_lines(e));
                    }
                }
            }
        }
        let t = self.tally;
        out.push_str(&format!(
            "\n{} passed, {} failed, {} skipped, {} could not run; {} requests in {:.1} s\n",
            t.passed,
            t.failed,
            t.skipped,
            t.errors,
            self.requests,
            self.elapsed_ms as f64 / 1000.0
        ));
        out
    }
}

fn exchange_lines(e: &Exchange) -> String {
    let mut out = format!("    > {}", e.request);
    for h in &e.headers {
        out.push_str(&format!("\n    >   {h}"));
    }
    if let Some(b) = &e.body {
        out.push_str(&format!("\n    >   {b}"));
    }
    match (&e.status, &e.error) {
        (Some(s), _) => {
            out.push_str(&format!("\n    < {s}"));
            if let Some(r) = &e.response {
                if !r.is_empty() {
                    out.push_str(&format!(" {r}"));
                }
            }
        }
        (None, Some(err)) => out.push_str(&format!("\n    < no answer: {err}")),
        (None, None) => {}
    }
    out.push('\n');
    out
}
