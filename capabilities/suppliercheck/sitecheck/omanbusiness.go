package sitecheck

import (
	"context"

	"dalil/capabilities/omanbusiness"
)

// ForOmanBusiness is the inspector as due_diligence_oman_company's
// port (omanbusiness.WebsiteInspector); nil without one.
func ForOmanBusiness(in *Inspector) omanbusiness.WebsiteInspector {
	if in == nil {
		return nil
	}
	return businessWebsite{in}
}

type businessWebsite struct{ in *Inspector }

func (a businessWebsite) Inspect(ctx context.Context, url string) (omanbusiness.SiteVisit, error) {
	w, err := a.in.Inspect(ctx, url)
	if err != nil {
		return omanbusiness.SiteVisit{}, err
	}
	return omanbusiness.SiteVisit{FinalURL: w.FinalURL, Status: w.Status, Reachable: w.Reachable, HTTPS: w.HTTPS, Title: w.Title, Refused: w.Refused}, nil
}
