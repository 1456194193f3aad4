import Localization
import Models
import ScreenRows

/// The parking page's "Alert me" control: the park's total or one lot, a threshold from the target's size, the
/// forecast condition and quiet hours (22:00–07:00 by default, as the desktop's), and the words the script says.
/// Without JavaScript the page says alerts need it; the script shows the form only where the browser can push.
enum AlertControl {
    /// The control's values; the script's sentences keep their `%@` for the script to fill.
    static func values(_ summary: HomeSummary, _ scope: PageScope) -> [String: Any] {
        let l = scope.l
        let ctx = scope.ctx
        let lots = ScreenParts.lots(summary)
        let total = lots.reduce(0) { $0 + $1.lot.capacity }
        let parkName = ctx.name(summary.park)
        let threshold = AlertCondition.defaultThreshold(capacity:)
        let targets: [[String: Any]] =
            [["value": "park", "name": l(.webAlertsWholePark, parkName), "threshold": threshold(total)]]
            + lots.map { entry in
                [
                    "value": "lot:" + entry.lot.id.rawValue, "name": ctx.name(entry.lot),
                    "threshold": threshold(entry.lot.capacity),
                ]
            }
        return [
            "park": summary.park.id.rawValue, "parkName": parkName, "title": l(.webAlertsTitle),
            "intro": l(.webAlertsIntro), "needsScript": l(.webAlertsNeedsScript), "homeScreen": l(.webAlertsHomeScreen),
            "unsupported": l(.webAlertsUnsupported), "notOffered": l(.webAlertsNotOffered),
            "targetLabel": l(.webAlertsTarget), "targets": targets, "defaultThreshold": threshold(total),
            "thresholdLabel": l(.webAlertsThreshold), "forecastLabel": l(.webAlertsForecast),
            "quietLabel": l(.webAlertsQuiet), "quietFromLabel": l(.webAlertsQuietFrom),
            "quietUntilLabel": l(.webAlertsQuietUntil), "submit": l(.webAlertsTitle), "listTitle": l(.webAlertsList),
            "none": l(.webAlertsNone), "wordOn": l(.webAlertsOn, "%@"), "wordStopped": l(.webAlertsStopped, "%@"),
            "wordStop": l(.webAlertsStop), "wordChange": l(.webAlertsChange), "wordDenied": l(.webAlertsDenied),
            "wordFailed": l(.webAlertsFailed, "%@"), "wordBelow": l(.webAlertsBelow, "%@"),
            "wordForecast": l(.webAlertsOrForecast),
            "wordQuiet": l(.webAlertsQuietRange, "%@"),
        ]
    }

    /// The label of a lot's own "Alert me" button.
    static func lotLabel(_ name: String, _ scope: PageScope) -> String { scope.l(.webAlertsLot, name) }
}
