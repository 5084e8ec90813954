import Foundation
import Glibc

/// What an audit spool's journal holds past its shipped mark, read once when the spool is opened: the replay
/// after a crash (or a clean stop that could not ship everything).
///
/// The scan opens the newest generation (creating generation 1 in an empty directory), starts at the shipped
/// mark when the mark is intact, names this generation and falls on a line boundary (else at 0: sending a row
/// twice is harmless, skipping one is not), and reads every line to the end. Whatever follows the last intact
/// line (a line cut short, or checksum failures with no intact line after them) is a torn tail: the write of a
/// batch the crash interrupted, never acknowledged to any caller, since `record` returns only after the batch's
/// fsync. The file is truncated to the last intact line, so that new appends follow whole lines. A damaged line
/// with intact lines after it is skipped and counted, never taken for a record.
struct JournalScan {
    /// The descriptors the journal thread takes over: the journal (read-write) and the shipped mark's file.
    var journal: Int32
    var shippedMark: Int32
    var generation: Int
    /// Offset where unshipped entries begin, and just past the last intact entry (the file's size after the scan).
    var start: Int
    var end: Int
    /// The unshipped entries in order, each with the offset just past its line.
    var entries: [(entry: SpoolEntry, end: Int)] = []
    /// Bytes dropped from a torn tail, and damaged lines skipped before intact ones.
    var tornBytes = 0
    var damagedLines = 0

    static func open(_ files: SpoolFiles) throws -> JournalScan {
        let generations = try files.generations()
        let generation = generations.last ?? 1
        for old in generations.dropLast() { unlink(files.journal(old)) }
        let path = files.journal(generation)
        let journal = try files.open(path, flags: O_RDWR | O_CREAT)
        do {
            if generations.isEmpty { try files.syncDirectory() }
            let shippedMark = try files.open(files.shipped, flags: O_RDWR | O_CREAT)
            do {
                let mark = ShippedMark(bytes: try FileIO.read(shippedMark, count: ShippedMark.size, at: 0, path: files.shipped))
                var scan = JournalScan(journal: journal, shippedMark: shippedMark, generation: generation, start: 0, end: 0)
                let size = try FileIO.size(journal, path: path)
                if let mark, mark.generation == generation, mark.offset > 0, mark.offset <= size,
                   try FileIO.read(journal, count: 1, at: mark.offset - 1, path: path) == [UInt8(ascii: "\n")] {
                    scan.start = mark.offset
                }
                try scan.read(size: size, path: path)
                return scan
            } catch {
                close(shippedMark)
                throw error
            }
        } catch {
            close(journal)
            throw error
        }
    }

    private mutating func read(size: Int, path: String) throws {
        var line: [UInt8] = []
        var offset = start
        var lastIntactEnd = start
        var damagedSinceIntact = 0
        while offset < size {
            let chunk = try FileIO.read(journal, count: min(1 << 20, size - offset), at: offset, path: path)
            if chunk.isEmpty { break }
            var lineStart = 0
            while let newline = chunk[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                line.append(contentsOf: chunk[lineStart..<newline])
                let lineEnd = offset + newline + 1
                if let entry = SpoolEntry.decode(line: line) {
                    entries.append((entry, lineEnd))
                    lastIntactEnd = lineEnd
                    damagedLines += damagedSinceIntact
                    damagedSinceIntact = 0
                } else {
                    damagedSinceIntact += 1
                }
                line.removeAll(keepingCapacity: true)
                lineStart = newline + 1
            }
            line.append(contentsOf: chunk[lineStart...])
            offset += chunk.count
        }
        end = lastIntactEnd
        tornBytes = size - lastIntactEnd
        if tornBytes > 0 {
            guard ftruncate(journal, off_t(lastIntactEnd)) == 0, fdatasync(journal) == 0 else {
                throw SpoolError("cannot drop the torn tail of", path)
            }
        }
    }
}
