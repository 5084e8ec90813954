import AssistGateway
import Foundation
import Testing

@Suite("UTCDay")
struct UTCDayTests {
    /// 2026-01-01T00:00:00Z
    static let newYear: TimeInterval = 1_767_225_600

    func date(_ offset: TimeInterval) -> Date { Date(timeIntervalSince1970: Self.newYear + offset) }

    @Test func indexCountsDaysSinceTheEpoch() {
        #expect(UTCDay(containing: date(0)).index == 20454)
        #expect(UTCDay(containing: Date(timeIntervalSince1970: 0)).index == 0)
        #expect(UTCDay(containing: Date(timeIntervalSince1970: 86_399.999)).index == 0)
    }

    @Test func dayBoundariesAreMidnightUTC() {
        let day = UTCDay(containing: date(0))
        #expect(UTCDay(containing: date(86_399)) == day)
        #expect(UTCDay(containing: date(86_400)) != day)
        #expect(UTCDay(containing: date(-1)).index == day.index - 1)
        #expect(UTCDay(containing: date(-0.001)).index == day.index - 1)
    }

    @Test func datesBeforeTheEpochRoundDown() {
        #expect(UTCDay(containing: Date(timeIntervalSince1970: -1)).index == -1)
        #expect(UTCDay(containing: Date(timeIntervalSince1970: -86_400)).index == -1)
        #expect(UTCDay(containing: Date(timeIntervalSince1970: -86_401)).index == -2)
    }

    @Test func endIsTheNextMidnight() {
        #expect(UTCDay(containing: date(3600)).end == date(86_400))
    }

    @Test func secondsUntilEndAtLastSecondIsOne() {
        #expect(UTCDay(containing: date(86_399)).secondsUntilEnd(from: date(86_399)) == 1)
    }

    @Test func secondsUntilEndAtMidnightIsAWholeDay() {
        #expect(UTCDay(containing: date(0)).secondsUntilEnd(from: date(0)) == 86_400)
    }

    @Test func secondsUntilEndRoundsUpAndIsAtLeastOne() {
        let day = UTCDay(containing: date(0))
        #expect(day.secondsUntilEnd(from: date(86_399.5)) == 1)
        #expect(day.secondsUntilEnd(from: date(86_398.2)) == 2)
        #expect(day.secondsUntilEnd(from: date(43_200)) == 43_200)
        #expect(day.secondsUntilEnd(from: date(86_400)) == 1)
        #expect(day.secondsUntilEnd(from: date(90_000)) == 1)
    }

    @Test func daysAreOrdered() {
        let today = UTCDay(containing: date(10))
        let tomorrow = UTCDay(containing: date(86_410))
        #expect(today < tomorrow)
        #expect(!(tomorrow < today))
        #expect([tomorrow, today].sorted() == [today, tomorrow])
    }

    @Test func manualClockMovesAcrossDays() {
        let clock = ManualWallClock(date(86_399))
        let before = UTCDay(containing: clock.now())
        clock.advance(by: 1)
        #expect(UTCDay(containing: clock.now()).index == before.index + 1)
        clock.set(date(0))
        #expect(UTCDay(containing: clock.now()) == before)
    }
}
