import AssistGateway

/// A shipper's batch of journal entries folded into the fewest statements that leave SQLite exactly as applying
/// them one by one would: one audit row per request, and per quota window at most one update and one upsert.
///
/// A request journals four to six entries (its reservation and its cost's, its `started` row; its settlements,
/// its end), and most of them reach SQLite in the same batch, where applying each one cost the shipper more CPU
/// than anything else it does. Folding them is pure (entries in, statements' values out), so it is tested against
/// applying the entries one by one, on a real database, without a journal.
struct CoalescedEntries {
    /// `tokens` after a run of changes, as a function of `tokens` before it: `max(tokens + shift, floor)`.
    ///
    /// A reservation adds its tokens (`floor` none); a settlement adds `actual - reserved` and keeps the count at
    /// zero or more (`MAX(0, …)`, as `SQLiteQuotaStore.settle`). Functions of this shape compose into one of the
    /// same shape, so any run of them is one statement. `Int64.min` stands for no floor.
    struct TokenChange: Equatable {
        var shift: Int64 = 0
        var floor: Int64 = .min

        /// A settlement from `reserved` tokens to `actual`.
        static func settlement(reserved: Int, actual: Int) -> TokenChange {
            let (difference, overflow) = Int64(actual).subtractingReportingOverflow(Int64(reserved))
            return TokenChange(shift: overflow ? (actual > reserved ? .max : .min) : difference, floor: 0)
        }

        /// This change, then `next`: max(max(x + s1, f1) + s2, f2) = max(x + s1 + s2, f1 + s2, f2).
        func then(_ next: TokenChange) -> TokenChange {
            let lifted = floor == .min ? Int64.min : Self.saturating(floor, next.shift)
            return TokenChange(shift: Self.saturating(shift, next.shift), floor: Swift.max(lifted, next.floor))
        }

        /// `tokens` after the change.
        func applied(to tokens: Int64) -> Int64 { Swift.max(Self.saturating(tokens, shift), floor) }

        /// Sums stay finite however large a hostile journal's values are: they saturate rather than trap.
        private static func saturating(_ a: Int64, _ b: Int64) -> Int64 {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? (b > 0 ? .max : .min) : sum
        }
    }

    /// What a batch does to one quota window, in order: settlements before its first reservation in the batch
    /// (an update, which changes nothing when the window has no row, as a settlement alone does), then from that
    /// reservation on, an upsert counting `requests` and changing tokens by `counted` (a new row starts from zero).
    struct WindowChange: Equatable {
        var before: TokenChange?
        var requests: Int64 = 0
        var counted: TokenChange?
    }

    /// Quota windows in the order the batch first touches them.
    private(set) var windows: [(key: QuotaKey, change: WindowChange)] = []
    /// One audit row per request, in the order of each request's first row in the batch: its last row's fields with
    /// its first row's time (`AuditRecord.collapsed`; `SQLiteAuditStore.write`'s upsert keeps a row's `time` too).
    private(set) var rows: [AuditRecord] = []

    init(_ entries: some Sequence<RequestJournalEntry>) {
        var windowIndex: [QuotaKey: Int] = [:]
        var written: [AuditRecord] = []
        for entry in entries {
            switch entry {
            case .reserve(let key, let tokens):
                update(key, &windowIndex) { change in
                    change.requests = change.requests &+ 1
                    change.counted = (change.counted ?? TokenChange()).then(TokenChange(shift: Int64(tokens)))
                }
            case .settle(let key, let reserved, let actual):
                let settlement = TokenChange.settlement(reserved: reserved, actual: actual)
                update(key, &windowIndex) { change in
                    if let counted = change.counted {
                        change.counted = counted.then(settlement)
                    } else {
                        change.before = (change.before ?? TokenChange()).then(settlement)
                    }
                }
            case .row(let record):
                written.append(record)
            }
        }
        rows = AuditRecord.collapsed(written)
    }

    private mutating func update(_ key: QuotaKey, _ index: inout [QuotaKey: Int], _ body: (inout WindowChange) -> Void) {
        if let at = index[key] {
            body(&windows[at].change)
        } else {
            index[key] = windows.count
            var change = WindowChange()
            body(&change)
            windows.append((key, change))
        }
    }
}
